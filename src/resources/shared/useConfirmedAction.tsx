import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { required } from '../../../domain/validation';
import { normaliseError } from '../../providers/http';
import { useToasts } from '../../notifications';
import {
  CONFIRMATION_REQUIRED,
  errorCode,
  forgetConfirmation,
  heldConfirmation,
  requestConfirmation,
  type ConfirmationHeaders,
} from './confirmation';

export type ConfirmedAction = (headers: ConfirmationHeaders) => Promise<void>;

/**
 * Sensitive actions ask for the password again (DESIGN §6). `confirm(action)` runs the action with
 * the X-Confirmation header, asking for the password first unless a fresh confirmation is held.
 * A failure of the action is shown as an error toast with the server's message.
 */
type Confirm = (action: ConfirmedAction, what?: string, options?: { alwaysAsk?: boolean }) => void;

export const useConfirmedAction = (): { confirm: Confirm; dialog: ReactNode } => {
  const translate = useTranslate();
  const toasts = useToasts();
  const pending = useRef<ConfirmedAction | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [what, setWhat] = useState<string | undefined>();

  const ask = useCallback((action: ConfirmedAction) => {
    pending.current = action;
    setPassword('');
    setError(null);
    setOpen(true);
  }, []);

  const run = useCallback(
    async (action: ConfirmedAction, headers: ConfirmationHeaders) => {
      try {
        await action(headers);
      } catch (failure) {
        // The held confirmation expired or belonged to another session: ask once more.
        if (errorCode(failure) === CONFIRMATION_REQUIRED) {
          forgetConfirmation();
          ask(action);
          return;
        }
        toasts.error(translate('app.toast.error'), normaliseError(failure).message);
      }
    },
    [ask, toasts, translate],
  );

  /**
   * `what` says what is about to happen (a message id or text); the dialog shows it above the
   * password. `alwaysAsk` asks even with a fresh confirmation held, for what cannot be undone.
   */
  const confirm = useCallback<Confirm>(
    (action, whatHappens, { alwaysAsk = false } = {}) => {
      setWhat(whatHappens);
      const headers = alwaysAsk ? null : heldConfirmation();
      if (headers) void run(action, headers);
      else ask(action);
    },
    [ask, run],
  );

  const label = translate('app.confirm.password');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = required(label)(password);
    if (missing) return setError(missing);
    setBusy(true);
    const answer = await requestConfirmation(password);
    setBusy(false);
    if ('error' in answer) return setError(answer.error.message);
    setOpen(false);
    const action = pending.current;
    pending.current = null;
    if (action) await run(action, answer.headers);
  };
  const cancel = () => {
    pending.current = null;
    setOpen(false);
  };

  const dialog = (
    <Dialog open={open} onClose={cancel} maxWidth="xs" fullWidth aria-labelledby="confirm-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="confirm-password-title">{translate('app.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {what ? `${translate(what, { _: what })} ` : ''}
            {translate('app.confirm.intro')}
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
          <Button onClick={cancel} disabled={busy}>
            {translate('app.confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.confirm.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );

  return { confirm, dialog };
};
