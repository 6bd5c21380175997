import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { RecoveryCodes } from './RecoveryCodes';
import { SecretKey } from './SecretKey';
import { isApiError, twoFactorApi, type Enrolment, type TwoFactorStatus } from './twoFactor';

type View =
  | { name: 'loading' }
  | { name: 'status'; status: TwoFactorStatus }
  | { name: 'enrol'; enrolment: Enrolment }
  | { name: 'recovery'; codes: string[] };

/**
 * The signed-in user's own two-factor sign-in: set it up (QR, first code, recovery codes) or turn
 * it off. Mounted while open, so each opening starts from the server's current status.
 */
export const TwoFactorDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.two_factor.${key}`, options);
  const [view, setView] = useState<View>({ name: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  const act = async (action: () => Promise<View>) => {
    setBusy(true);
    setError(null);
    try {
      setView(await action());
      setCode('');
      setPassword('');
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const showStatus = async (): Promise<View> => ({ name: 'status', status: await twoFactorApi.status() });

  useEffect(() => {
    let live = true;
    twoFactorApi.status().then(
      (status) => live && setView({ name: 'status', status }),
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.name === 'enrol') void act(async () => ({ name: 'recovery', codes: await twoFactorApi.confirm(code) }));
    if (view.name === 'status' && view.status.enabled)
      void act(async () => {
        await twoFactorApi.disable(password, code);
        return showStatus();
      });
  };

  const codeField = (label: string) => (
    <TextField
      label={label}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      autoComplete="one-time-code"
      required
      fullWidth
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="two-factor-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="two-factor-title">{t('title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {view.name === 'loading' && <CircularProgress aria-label={t('loading')} sx={{ alignSelf: 'center' }} />}
            {view.name === 'status' && (
              <>
                <DialogContentText>
                  {view.status.enabled ? t('on', { count: view.status.recoveryCodesLeft }) : t('off')}
                </DialogContentText>
                {!view.status.enabled && view.status.required && <Alert severity="info">{t('required')}</Alert>}
                {view.status.enabled && (
                  <>
                    <DialogContentText>{t('turn_off_intro')}</DialogContentText>
                    <TextField
                      label={t('password')}
                      type="password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      autoComplete="current-password"
                      required
                      fullWidth
                    />
                    {codeField(t('code'))}
                  </>
                )}
              </>
            )}
            {view.name === 'enrol' && (
              <>
                <DialogContentText>{t('enrol_intro')}</DialogContentText>
                <SecretKey enrolment={view.enrolment} />
                {codeField(t('first_code'))}
              </>
            )}
            {view.name === 'recovery' && <RecoveryCodes codes={view.codes} onSaved={onClose} />}
          </Stack>
        </DialogContent>
        {view.name !== 'recovery' && (
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {t('close')}
            </Button>
            {view.name === 'status' && !view.status.enabled && (
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => void act(async () => ({ name: 'enrol', enrolment: await twoFactorApi.enrol() }))}
              >
                {t('set_up')}
              </Button>
            )}
            {view.name === 'status' && view.status.enabled && (
              <Button type="submit" color="error" variant="contained" disabled={busy || !password || !code}>
                {t('turn_off')}
              </Button>
            )}
            {view.name === 'enrol' && (
              <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
                {t('verify')}
              </Button>
            )}
          </DialogActions>
        )}
      </form>
    </Dialog>
  );
};
