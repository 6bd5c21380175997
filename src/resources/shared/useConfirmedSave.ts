import { useTranslate } from 'react-admin';
import type { ConfirmationKind } from '../../../domain/confirmations';
import type { Result } from '../../providers/http';
import { useToasts } from '../../notifications';
import type { ConfirmationHeaders } from './confirmation';
import { useConfirmedAction } from './useConfirmedAction';

/**
 * Saves a form whose change needs the password again (or, with `onlyIfAsked`, may need it: the
 * server says so). `save` resolves to what the form shows: the server's message on the field it
 * names, or nothing; a failure that names no field shows as an error toast. Render `dialog`.
 */
export const useConfirmedSave = (kind: ConfirmationKind, options: { what?: string; onlyIfAsked?: boolean } = {}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const { send, dialog } = useConfirmedAction();

  const save = async <T>(request: (headers: ConfirmationHeaders) => Promise<Result<T>>, saved: (data: T) => void) => {
    const result = await send(kind, request, options);
    if (!result) return undefined;
    if (!result.error) {
      saved(result.data);
      return undefined;
    }
    const { field, message } = result.error;
    if (!field) toasts.error(translate('app.toast.error'), message);
    return { ...(field && { [field]: message }), root: { serverError: message } };
  };

  return { save, dialog };
};
