import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { AutocompleteArrayInput, useInput, useListContext, useTranslate } from 'react-admin';
import { PAYMENT_SOURCES } from '../../../domain/payin';
import { useMerchants } from '../../merchants';
import { DATE_PRESETS, presetOf, presetRange, type DatePreset } from './datePresets';

/** The filter form gives each input its label. */
interface FilterInputProps {
  source: string;
  label?: string;
  alwaysOn?: boolean;
}

/** The merchant codes of the shell's merchant list (already scoped to the caller by the server). */
export const MerchantCodesInput = ({ source, label }: FilterInputProps) => {
  const { merchants } = useMerchants();
  const choices = merchants.map((m) => ({ id: m.code, name: `${m.code} — ${m.name}` }));
  return <AutocompleteArrayInput source={source} label={label} choices={choices} sx={{ minWidth: 220 }} />;
};

/** A checkbox that filters only when ticked: unticked, the parameter is left out. */
export const CheckboxFilterInput = ({ source, label }: FilterInputProps) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <FormControlLabel
      sx={{ mb: 0.5, ml: 0 }}
      label={translate(label ?? '')}
      control={
        <Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked || '')} />
      }
    />
  );
};

const ANY = 'any';
const CUSTOM = 'custom';

/**
 * Today, Yesterday, Last 7 days and This Month as IST day ranges: choosing one sets the From and
 * To filters beside it; any other range shows as custom.
 */
export const DatePresetInput = ({ label }: FilterInputProps) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { from, to } = filterValues as { from?: string; to?: string };
  const chosen = presetOf({ from, to }) ?? (from || to ? CUSTOM : ANY);
  const choose = (value: string) => {
    if (value === CUSTOM) return;
    const range = value === ANY ? { from: undefined, to: undefined } : presetRange(value as DatePreset);
    setFilters({ ...filterValues, ...range });
  };
  return (
    <TextField
      select
      label={translate(label ?? '')}
      value={chosen}
      onChange={(event) => choose(event.target.value)}
      sx={{ minWidth: 150 }}
    >
      {[ANY, ...DATE_PRESETS, CUSTOM].map((value) => (
        <MenuItem key={value} value={value}>
          {translate(`resources.payins.periods.${value}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

const ALL = 'All';

/**
 * The payment source, with the options in the order SPEC §9 lists them: Manual, RazorPay,
 * CashFree, PayU, All. All leaves the filter out.
 */
export const SourceFilterInput = ({ source, label }: FilterInputProps) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <TextField
      select
      label={translate(label ?? '')}
      value={field.value || ALL}
      onChange={(event) => field.onChange(event.target.value === ALL ? '' : event.target.value)}
      sx={{ minWidth: 140 }}
    >
      {[...PAYMENT_SOURCES, ALL].map((value) => (
        <MenuItem key={value} value={value}>
          {value === ALL ? translate('resources.payins.all') : value}
        </MenuItem>
      ))}
    </TextField>
  );
};
