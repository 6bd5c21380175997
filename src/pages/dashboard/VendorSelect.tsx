import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface VendorChoice {
  code: string;
  name: string;
}

/** Staff choose among the enabled vendors; a vendor user sees its own code, fixed. */
export const VendorSelect = ({
  own,
  value,
  choices,
  onChange,
}: {
  own: boolean;
  value: string;
  choices: readonly VendorChoice[];
  onChange: (code: string) => void;
}) => {
  const translate = useTranslate();
  const label = translate('app.boards.vendor');
  if (own) return <TextField size="small" label={label} value={value} slotProps={{ input: { readOnly: true } }} />;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={choices.some((vendor) => vendor.code === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      {choices.map((vendor) => (
        <MenuItem key={vendor.code} value={vendor.code}>
          {`${vendor.code} — ${vendor.name}`}
        </MenuItem>
      ))}
    </TextField>
  );
};
