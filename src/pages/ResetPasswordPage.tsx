import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { Form, PasswordInput, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { post } from '../providers/http';
import { useToasts } from '../notifications';
import { PageLink } from './PageLink';
import { PublicPage } from './PublicPage';
import { useNewPasswordValidation } from './useNewPasswordValidation';

/** Sets a new password with the token of the emailed link (/reset-password?token=...). */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [busy, setBusy] = useState(false);
  const validate = useNewPasswordValidation('app.reset');
  const { newLabel, confirmLabel } = validate;

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    const result = await post<{ data: { message: string } }>('/reset-password', {
      token,
      password: String(values.password),
    });
    setBusy(false);
    if (result.error) {
      toasts.error(translate('app.toast.error'), result.error.message);
      return;
    }
    toasts.success(translate('app.reset.done'), result.data.data.message);
    navigate('/', { replace: true });
  };

  return (
    <PublicPage title={translate('app.reset.title')} intro={token ? translate('app.reset.intro') : undefined}>
      {token ? (
        <Form onSubmit={submit} noValidate disableInvalidFormNotification>
          <PasswordInput
            source="password"
            label={newLabel}
            validate={validate.password}
            autoComplete="new-password"
            autoFocus
          />
          <PasswordInput
            source="confirm"
            label={confirmLabel}
            validate={validate.confirm}
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
            {translate('app.reset.submit')}
          </Button>
        </Form>
      ) : (
        <Alert severity="warning">{translate('app.reset.missing_token')}</Alert>
      )}
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between' }}>
        <PageLink to="/">{translate('app.forgot.back')}</PageLink>
        {!token && <PageLink to="/forgot-password">{translate('app.reset.ask_again')}</PageLink>}
      </Stack>
    </PublicPage>
  );
};
