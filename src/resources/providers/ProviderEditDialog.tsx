import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useToasts } from '../../notifications';
import { providerActions } from './actions';
import { changesOf, formOf, type ProviderForm } from './changes';
import { FieldInput } from './FieldInput';
import { PasswordDialog } from './PasswordDialog';
import type { ProviderAccount, ProviderFieldKey } from './types';

/** The edit form of one provider's account; saving asks for the password, then shows what the server says. */
export const ProviderEditDialog = ({
  account,
  onClose,
  onSaved,
}: {
  account: ProviderAccount;
  onClose: () => void;
  onSaved: (saved: ProviderAccount) => void;
}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const t = (key: string, options?: object) => translate(`resources.providers.${key}`, options);
  const [form, setForm] = useState<ProviderForm>(() => formOf(account));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const changes = changesOf(account, form);

  const setValue = (key: ProviderFieldKey, value: string) => {
    setForm({ ...form, values: { ...form.values, [key]: value } });
    setFieldErrors({ ...fieldErrors, [key]: undefined });
  };
  const setClear = (key: ProviderFieldKey, clear: boolean) =>
    setForm({ ...form, clear: { ...form.clear, [key]: clear }, values: { ...form.values, [key]: '' } });

  const ask = () => {
    setMessage(null);
    if (Object.keys(changes).length === 0) return setMessage(t('nothing_changed'));
    setAsking(true);
  };

  /** A wrong password stays at the password; any other refusal goes back to the form. */
  const confirm = async (password: string): Promise<string | null> => {
    const result = await providerActions.save(account.provider, { password, ...changes });
    if (!result.error) {
      setAsking(false);
      toasts.success(translate('app.toast.success'), t('saved', { provider: account.label }));
      onSaved(result.data.data);
      return null;
    }
    if (result.error.status === 403) return result.error.message;
    setAsking(false);
    if (result.error.field) setFieldErrors({ [result.error.field]: result.error.message });
    setMessage(result.error.message);
    return null;
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="provider-edit-title">
      <DialogTitle id="provider-edit-title">{t('edit_title', { provider: account.label })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={form.enabled}
                onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
              />
            }
            label={t('fields.enabled')}
          />
          {account.fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={form.values[field.key] ?? ''}
              clear={form.clear[field.key] ?? false}
              error={fieldErrors[field.key]}
              onChange={(value) => setValue(field.key, value)}
              onClear={(clear) => setClear(field.key, clear)}
            />
          ))}
          {message && <Alert severity="error">{message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={ask}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
      <PasswordDialog
        open={asking}
        what={t('confirm', { provider: account.label })}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </Dialog>
  );
};
