import { useMemo, useState } from 'react';
import { Button, Stack } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin, useTranslate } from 'react-admin';
import { required } from '../../domain/validation';
import { isSignedInElsewhere, type Credentials } from '../providers/authProvider';
import { useToasts } from '../notifications';
import { PageLink } from './PageLink';
import { PublicPage } from './PublicPage';
import { SignedInElsewhereDialog } from './SignedInElsewhereDialog';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** SPEC §2: the sign-in screen at /. A session open elsewhere is ended only after the user agrees. */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ credentials: Credentials; message: string } | null>(null);
  const userNameLabel = translate('app.login.user_name');
  const passwordLabel = translate('app.login.password');
  const validate = useMemo(
    () => ({ userName: required(userNameLabel), password: required(passwordLabel) }),
    [userNameLabel, passwordLabel],
  );

  const signIn = async (credentials: Credentials) => {
    setBusy(true);
    try {
      await login(credentials);
    } catch (error) {
      if (!credentials.override && isSignedInElsewhere(error)) {
        setPending({ credentials, message: messageOf(error) });
      } else {
        setPending(null);
        toasts.error(translate('app.login.failed'), messageOf(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPage title={translate('app.login.title')} intro={translate('app.login.subtitle')}>
      <Form
        onSubmit={(values: Record<string, unknown>) =>
          signIn({ userName: String(values.userName).trim(), password: String(values.password) })
        }
        noValidate
        disableInvalidFormNotification
      >
        <TextInput
          source="userName"
          label={userNameLabel}
          validate={validate.userName}
          autoComplete="username"
          autoFocus
        />
        <PasswordInput
          source="password"
          label={passwordLabel}
          validate={validate.password}
          autoComplete="current-password"
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {translate('app.login.submit')}
        </Button>
      </Form>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2, gap: 1, flexWrap: 'wrap' }}>
        <PageLink to="/forgot-password">{translate('app.login.forgot')}</PageLink>
        <PageLink to="/on-boarding">{translate('app.login.apply')}</PageLink>
      </Stack>
      <SignedInElsewhereDialog
        message={pending?.message ?? null}
        busy={busy}
        onCancel={() => setPending(null)}
        onContinue={() => pending && void signIn({ ...pending.credentials, override: true })}
      />
    </PublicPage>
  );
};
