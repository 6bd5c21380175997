import { useMemo } from 'react';
import { Box, Button } from '@mui/material';
import { required } from '../../../domain/validation';
import { useText } from '../../i18n/text';
import { Field, PasswordField, useCheckedForm } from './fields';
import type { Credentials } from './signIn';

/** The first step of signing in: user name and password, both required. */
export const PasswordStep = ({ busy, onSubmit }: { busy: boolean; onSubmit: (given: Credentials) => void }) => {
  const text = useText();
  const userNameLabel = text('app.login.user_name');
  const passwordLabel = text('app.login.password');
  const checks = useMemo(
    () => ({ userName: [required(userNameLabel)], password: [required(passwordLabel)] }),
    [userNameLabel, passwordLabel],
  );
  const { field, submit } = useCheckedForm(checks, (values) =>
    onSubmit({ userName: (values.userName ?? '').trim(), password: values.password ?? '' }),
  );
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Field {...field('userName')} label={userNameLabel} autoComplete="username" autoFocus />
      <PasswordField {...field('password')} label={passwordLabel} autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {text('app.login.submit')}
      </Button>
    </Box>
  );
};
