import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_PRESETS, isValidRange, type DatePreset } from '../../../domain/date-presets';
import { DayField } from '../../resources/shared/DayField';
import { periodOf, type Period } from './hooks';

const CUSTOM = 'custom';
const t = 'app.boards';

/**
 * A preset (IST calendar days, computed when chosen) and the From and To days it fills in;
 * typing a day makes the range custom.
 */
export const DateRangeControl = ({ value, onChange }: { value: Period; onChange: (next: Period) => void }) => {
  const translate = useTranslate();
  const valid = isValidRange(value);
  const choose = (preset: string) => {
    if (preset !== CUSTOM) onChange(periodOf(preset as DatePreset));
  };
  const type = (end: 'from' | 'to', day: string | null) => onChange({ ...value, [end]: day ?? '', preset: CUSTOM });
  return (
    <>
      <TextField
        select
        size="small"
        label={translate(`${t}.period`)}
        value={value.preset}
        onChange={(event) => choose(event.target.value)}
        sx={{ minWidth: 170 }}
      >
        {[...DATE_PRESETS, CUSTOM].map((preset) => (
          <MenuItem key={preset} value={preset}>
            {translate(`${t}.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      <DayField
        label={translate(`${t}.from`)}
        value={value.from}
        onChange={(day) => type('from', day)}
        error={!valid}
        variant="outlined"
        margin="none"
        sx={{ width: 170 }}
      />
      <DayField
        label={translate(`${t}.to`)}
        value={value.to}
        onChange={(day) => type('to', day)}
        error={!valid}
        helperText={valid ? undefined : translate(`${t}.bad_range`)}
        variant="outlined"
        margin="none"
        sx={{ width: 170 }}
      />
    </>
  );
};
