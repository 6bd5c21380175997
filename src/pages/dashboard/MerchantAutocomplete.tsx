import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useMerchants } from '../../merchants';
import { MERCHANT_FIELD_SX, merchantFieldText } from './merchantField';

export interface MerchantChoice {
  value: string[];
  onChange: (codes: string[]) => void;
}

/**
 * Merchant codes from the shell's merchant list, which the server already holds to what the user
 * may see (a merchant user: its own codes). None chosen means all of them. MerchantSelect loads it
 * when the user first reaches for the field; `opened` opens its list at once (a click brought it).
 */
export const MerchantAutocomplete = ({ value, onChange, opened }: MerchantChoice & { opened: boolean }) => {
  const translate = useTranslate();
  const { merchants, isLoading } = useMerchants();
  const names = useMemo(() => new Map(merchants.map((m) => [m.code, m.name])), [merchants]);
  const codes = useMemo(() => [...names.keys()].sort((a, b) => a.localeCompare(b)), [names]);
  return (
    <Autocomplete
      multiple
      size="small"
      disableCloseOnSelect
      openOnFocus={opened}
      options={codes}
      value={value}
      loading={isLoading}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(code) => (names.get(code) ? `${code} — ${names.get(code)}` : code)}
      noOptionsText={translate('app.boards.no_merchants')}
      sx={MERCHANT_FIELD_SX}
      renderInput={(params) => <TextField {...params} autoFocus {...merchantFieldText(translate, value)} />}
    />
  );
};
