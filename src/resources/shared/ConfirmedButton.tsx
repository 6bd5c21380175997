import { useState, type ReactElement } from 'react';
import { Button } from 'react-admin';
import type { ConfirmationKind } from '../../../domain/confirmations';
import type { ConfirmationHeaders } from './confirmation';
import { useConfirmedAction } from './useConfirmedAction';

/**
 * A toolbar button for a sensitive action: asks for the password, then runs the action with the
 * confirmation headers. Failures show as error toasts.
 */
export const ConfirmedButton = ({
  kind,
  label,
  icon,
  action,
  color = 'primary',
  disabled,
  confirmText,
  recordId,
}: {
  /** The kind of action the password confirms. */
  kind: ConfirmationKind;
  /** A message id or text. */
  label: string;
  icon: ReactElement;
  action: (headers: ConfirmationHeaders) => Promise<void>;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  disabled?: boolean;
  /** What the action does, shown in the password dialog (a message id or text). */
  confirmText?: string;
  /** The record the action is for: the confirmation serves no other. */
  recordId?: string;
}) => {
  const { confirm, dialog } = useConfirmedAction();
  const [busy, setBusy] = useState(false);
  const run = () =>
    confirm(
      kind,
      async (headers) => {
        setBusy(true);
        try {
          await action(headers);
        } finally {
          setBusy(false);
        }
      },
      confirmText,
      { recordId },
    );
  return (
    <>
      <Button label={label} onClick={run} color={color} disabled={disabled || busy}>
        {icon}
      </Button>
      {dialog}
    </>
  );
};
