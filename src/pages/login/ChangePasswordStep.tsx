import { Box, Button } from '@mui/material';
import { useText } from '../../i18n/text';
import { useNewPasswordValidation } from '../useNewPasswordValidation';
import { PasswordField, useCheckedForm } from './fields';

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
  const text = useText();
  const validate = useNewPasswordValidation('app.change_password');
  const { newLabel, confirmLabel } = validate;
  const { field, submit } = useCheckedForm({ password: validate.password, confirm: validate.confirm }, (values) =>
    onPassword(values.password ?? ''),
  );
  return (
    <Box component="form" onSubmit={submit} noValidate>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <PasswordField
        {...field('password')}
        label={newLabel}
        helperText={text('app.change_password.help')}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField {...field('confirm')} label={confirmLabel} autoComplete="new-password" />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {text('app.change_password.submit')}
      </Button>
    </Box>
  );
};
