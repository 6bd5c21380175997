import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { required } from '../../../domain/validation';

/**
 * Asks the ADMIN's password before the providers' accounts change. `onConfirm` sends it and
 * resolves to the message to show at the password (a wrong one), or null.
 */
export const PasswordDialog = ({
  open,
  what,
  onConfirm,
  onClose,
}: {
  open: boolean;
  what: string;
  onConfirm: (password: string) => Promise<string | null>;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = translate('app.confirm.password');

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const missing = required(label)(password);
    if (missing) return setError(missing);
    setBusy(true);
    const refused = await onConfirm(password);
    setBusy(false);
    setError(refused);
    if (refused === null) setPassword('');
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="provider-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="provider-password-title">{translate('app.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {what} {translate('app.confirm.intro')}
          </DialogContentText>
          <TextField
            type="password"
            label={label}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            autoComplete="current-password"
            autoFocus
            fullWidth
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('app.confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.confirm.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
