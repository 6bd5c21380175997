import { useMemo, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { required } from '../../domain/validation';
import { post } from '../providers/http';
import { useToasts } from '../notifications';
import { PageLink } from './PageLink';
import { PublicPage } from './PublicPage';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const userNameLabel = translate('app.login.user_name');
  const validate = useMemo(() => required(userNameLabel), [userNameLabel]);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    const result = await post<{ data: { message: string } }>('/forgot-password', {
      userName: String(values.userName).trim(),
    });
    setBusy(false);
    if (result.error) {
      toasts.error(translate('app.toast.error'), result.error.message);
      return;
    }
    setSent(result.data.data.message);
    toasts.success(translate('app.forgot.sent'), result.data.data.message);
  };

  return (
    <PublicPage title={translate('app.forgot.title')} intro={translate('app.forgot.intro')}>
      {sent ? (
        <Alert severity="success">{sent}</Alert>
      ) : (
        <Form onSubmit={submit} noValidate disableInvalidFormNotification>
          <TextInput source="userName" label={userNameLabel} validate={validate} autoComplete="username" autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
            {translate('app.forgot.submit')}
          </Button>
        </Form>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <PageLink to="/">{translate('app.forgot.back')}</PageLink>
      </Stack>
    </PublicPage>
  );
};
