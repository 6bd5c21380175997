import { Button } from '@mui/material';
import { Form, PasswordInput, useTranslate } from 'react-admin';
import { useNewPasswordValidation } from '../useNewPasswordValidation';

/** A user whose password an administrator set chooses one of their own before entering the console. */
export const ChangePasswordStep = ({
  userName,
  busy,
  onPassword,
}: {
  userName: string;
  busy: boolean;
  onPassword: (password: string) => void;
}) => {
  const translate = useTranslate();
  const validate = useNewPasswordValidation('app.change_password');
  const { newLabel, confirmLabel } = validate;
  return (
    <Form
      onSubmit={(values: Record<string, unknown>) => onPassword(String(values.password))}
      noValidate
      disableInvalidFormNotification
    >
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <PasswordInput
        source="password"
        label={newLabel}
        validate={validate.password}
        helperText={translate('app.change_password.help')}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordInput source="confirm" label={confirmLabel} validate={validate.confirm} autoComplete="new-password" />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {translate('app.change_password.submit')}
      </Button>
    </Form>
  );
};
