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
import { useConfirmedAction } from '../shared/useConfirmedAction';
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
  const { send, dialog } = useConfirmedAction();
  const changes = changesOf(account, form);

  const setValue = (key: ProviderFieldKey, value: string) => {
    setForm({ ...form, values: { ...form.values, [key]: value } });
    setFieldErrors({ ...fieldErrors, [key]: undefined });
  };
  const setClear = (key: ProviderFieldKey, clear: boolean) =>
    setForm({ ...form, clear: { ...form.clear, [key]: clear }, values: { ...form.values, [key]: '' } });

  /** Asks for the password (kind 'provider.update'), then shows what the server says: at a field, or above the form. */
  const save = async () => {
    setMessage(null);
    if (Object.keys(changes).length === 0) return setMessage(t('nothing_changed'));
    const what = t('confirm', { provider: account.label });
    const result = await send(
      'provider.update',
      (headers) => providerActions.save(account.provider, changes, headers),
      {
        what,
      },
    );
    if (!result) return undefined;
    if (result.error) {
      if (result.error.field) setFieldErrors({ [result.error.field]: result.error.message });
      return setMessage(result.error.message);
    }
    toasts.success(translate('app.toast.success'), t('saved', { provider: account.label }));
    onSaved(result.data.data);
    return undefined;
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
        <Button variant="contained" onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
      {dialog}
    </Dialog>
  );
};
