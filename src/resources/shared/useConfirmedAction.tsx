import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConfirmationKind } from '../../../domain/confirmations';
import { required } from '../../../domain/validation';
import { normaliseError, type Result } from '../../providers/http';
import { useToasts } from '../../notifications';
import { CONFIRMATION_REQUIRED, requestConfirmation, type ConfirmationHeaders } from './confirmation';

export type ConfirmedAction = (headers: ConfirmationHeaders) => Promise<void>;

/**
 * `confirm(kind, action)` asks for the password, then runs the action with the X-Confirmation
 * header; its failure shows as an error toast. `what` says what is about to happen (a message id
 * or text), shown above the password; `recordId` names the record acted on, so the confirmation
 * serves no other.
 */
type Confirm = (
  kind: ConfirmationKind,
  action: ConfirmedAction,
  what?: string,
  options?: { recordId?: string },
) => void;

/**
 * `send(kind, request)` is for forms: it resolves to the request's result, for the form to show,
 * or to null when the password was not given. With `onlyIfAsked` the request goes out first
 * without asking, and the password is asked only when the server answers CONFIRMATION_REQUIRED
 * (for changes that are sensitive only sometimes).
 */
type Send = <T>(
  kind: ConfirmationKind,
  request: (headers: ConfirmationHeaders) => Promise<Result<T>>,
  options?: { what?: string; onlyIfAsked?: boolean; recordId?: string },
) => Promise<Result<T> | null>;

const isConfirmationRequired = (result: Result<unknown>) => result.error?.code === CONFIRMATION_REQUIRED;

/**
 * Sensitive actions ask for the password again (DESIGN §6), every time: a confirmation serves one
 * request on one record.
 */
export const useConfirmedAction = (): { confirm: Confirm; send: Send; dialog: ReactNode } => {
  const translate = useTranslate();
  const toasts = useToasts();
  const pending = useRef<{
    kind: ConfirmationKind;
    recordId?: string;
    resolve: (headers: ConfirmationHeaders | null) => void;
  } | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [what, setWhat] = useState<string | undefined>();

  /** Opens the password dialog; resolves to the new confirmation's headers, or null when cancelled. */
  const ask = useCallback(
    (kind: ConfirmationKind, whatHappens?: string, recordId?: string) =>
      new Promise<ConfirmationHeaders | null>((resolve) => {
        pending.current?.resolve(null);
        pending.current = { kind, recordId, resolve };
        setWhat(whatHappens);
        setPassword('');
        setError(null);
        setOpen(true);
      }),
    [],
  );

  const confirm = useCallback<Confirm>(
    (kind, action, whatHappens, { recordId } = {}) => {
      const attempt = async () => {
        const headers = await ask(kind, whatHappens, recordId);
        if (!headers) return;
        try {
          await action(headers);
        } catch (failure) {
          toasts.error(translate('app.toast.error'), normaliseError(failure).message);
        }
      };
      void attempt();
    },
    [ask, toasts, translate],
  );

  const send = useCallback<Send>(
    async (kind, request, { what: whatHappens, onlyIfAsked = false, recordId } = {}) => {
      if (onlyIfAsked) {
        const first = await request({});
        if (!isConfirmationRequired(first)) return first;
      }
      const headers = await ask(kind, whatHappens, recordId);
      return headers ? request(headers) : null;
    },
    [ask],
  );

  const label = translate('app.confirm.password');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const missing = required(label)(password);
    if (missing || !pending.current) return setError(missing ?? null);
    setBusy(true);
    const answer = await requestConfirmation(password, pending.current.kind, pending.current.recordId);
    setBusy(false);
    if ('error' in answer) return setError(answer.error.message);
    setOpen(false);
    const asked = pending.current;
    pending.current = null;
    asked?.resolve(answer.headers);
  };
  const cancel = () => {
    pending.current?.resolve(null);
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

  return { confirm, send, dialog };
};
