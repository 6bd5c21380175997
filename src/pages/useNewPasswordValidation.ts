import { useMemo } from 'react';
import { required, strongPassword } from '../../domain/validation';
import { useText } from '../i18n/text';

/**
 * The validators of a new password and its repetition, labelled from one message group
 * (`app.reset`, `app.change_password`): required, strong enough, and the two the same.
 */
export const useNewPasswordValidation = (messages: 'app.reset' | 'app.change_password') => {
  const translate = useText();
  const newLabel = translate(`${messages}.new_password`);
  const confirmLabel = translate(`${messages}.confirm_password`);
  const mismatch = translate(`${messages}.mismatch`);
  return useMemo(
    () => ({
      newLabel,
      confirmLabel,
      password: [required(newLabel), strongPassword()],
      confirm: [
        required(confirmLabel),
        (value: unknown, values: Record<string, unknown>) => (value !== values.password ? mismatch : undefined),
      ],
    }),
    [newLabel, confirmLabel, mismatch],
  );
};
