import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProviderFieldView } from './types';

/**
 * One field of the edit form. Set by the environment: shown, not editable. A secret is write-only:
 * empty keeps the one saved, and a box clears it.
 */
export const FieldInput = ({
  field,
  value,
  clear,
  error,
  onChange,
  onClear,
}: {
  field: ProviderFieldView;
  value: string;
  clear: boolean;
  error?: string;
  onChange: (value: string) => void;
  onClear: (clear: boolean) => void;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.providers.${key}`);
  if (field.fromEnv) {
    return (
      <TextField
        label={field.label}
        value={(field.secret ? field.masked : field.value) ?? ''}
        helperText={t('hints.from_env')}
        slotProps={{ input: { readOnly: true } }}
        disabled
        fullWidth
      />
    );
  }
  if (!field.secret) {
    return (
      <TextField
        label={field.label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? (field.required ? ' ' : t('hints.optional'))}
        autoComplete="off"
        fullWidth
      />
    );
  }
  return (
    <Stack>
      <TextField
        label={field.label}
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={clear}
        error={Boolean(error)}
        helperText={error ?? (field.masked ? `${t('hints.secret_kept')} (${field.masked})` : t('hints.secret_unset'))}
        autoComplete="new-password"
        fullWidth
      />
      {field.masked && (
        <FormControlLabel
          control={<Checkbox checked={clear} onChange={(event) => onClear(event.target.checked)} />}
          label={`${t('clear')} ${field.label}`}
        />
      )}
    </Stack>
  );
};
