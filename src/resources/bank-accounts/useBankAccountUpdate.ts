import { useRedirect, useRefresh, useTranslate } from 'react-admin';
import { put, type ApiError } from '../../providers/http';
import { useToasts } from '../../notifications';
import { CONFIRMATION_REQUIRED, ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { BankAccount } from './types';
import { bankAccountBody } from './BankAccountInputs';

/** The server's message on its field, for the form, and as the form's own error. */
const formErrors = (error: ApiError) => ({
  ...(error.field && { [error.field]: error.message }),
  root: { serverError: error.message },
});

/**
 * Saves the edit form. Changing the numbers money is sent to needs the password again: the server
 * answers CONFIRMATION_REQUIRED, the password is asked, and the same change is sent with the confirmation.
 */
export const useBankAccountUpdate = (record: BankAccount | undefined) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { confirm, dialog } = useConfirmedAction();

  const saved = () => {
    toasts.success(translate('app.toast.success'), translate('resources.bank-accounts.saved'));
    refresh();
    if (record) redirect('show', 'bank-accounts', record.id);
  };

  const save = async (values: Partial<BankAccount>) => {
    if (!record) return;
    const path = `/bank-accounts/${record.id}`;
    const body = bankAccountBody(values, false);
    const first = await put(path, body);
    if (!first.error) return saved();
    if (first.error.code !== CONFIRMATION_REQUIRED) return formErrors(first.error);
    confirm(async (headers) => {
      ensureOk(await put(path, body, { headers }));
      saved();
    });
  };

  return { save, dialog };
};
