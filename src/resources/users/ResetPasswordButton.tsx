import { useState, type FormEvent } from 'react';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import { required, strongPassword } from '../../../domain/validation';
import { post } from '../../providers/http';
import { useToasts } from '../../notifications';
import { ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { User } from './types';
import { useMayManage } from './useMayManage';

/**
 * Sets a new password for a user (who is signed out everywhere), after the caller's own password.
 * `compact` is the icon of a list row.
 */
export const ResetPasswordButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  const toasts = useToasts();
  const { confirm, dialog } = useConfirmedAction();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mayReset = useMayManage(record, 'update');
  if (!record || !mayReset) return null;
  const t = (key: string, options?: object) => translate(`resources.user.reset.${key}`, options);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const problem = required(t('password'))(password) ?? strongPassword()(password);
    if (problem) return setError(problem);
    const chosen = password;
    close();
    confirm(
      'user.reset-password',
      async (headers) => {
        ensureOk(await post(`/users/${record.id}/reset-password`, { password: chosen }, { headers }));
        toasts.success(translate('app.toast.success'), t('done'));
      },
      t('title', { name: record.userName }),
      { recordId: String(record.id) },
    );
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      {compact ? (
        <Tooltip title={t('action')}>
          <IconButton
            aria-label={`${t('action')} ${record.userName}`}
            size="small"
            color="primary"
            onClick={() => setOpen(true)}
          >
            <KeyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button label="resources.user.reset.action" onClick={() => setOpen(true)}>
          <KeyIcon />
        </Button>
      )}
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="reset-password-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="reset-password-title">{t('title', { name: record.userName })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('intro')}</DialogContentText>
            <TextField
              type="password"
              label={t('password')}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
              error={error !== null}
              helperText={error ?? translate('resources.user.password_help')}
              autoComplete="new-password"
              autoFocus
              fullWidth
              required
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>{t('cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained">
              {t('submit')}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
      {dialog}
    </span>
  );
};
