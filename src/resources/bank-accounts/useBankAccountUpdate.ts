import { useRedirect, useRefresh, useTranslate } from 'react-admin';
import { put } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useConfirmedSave } from '../shared/useConfirmedSave';
import type { BankAccount } from './types';
import { bankAccountBody } from './BankAccountInputs';

/**
 * Saves the edit form. Changing the numbers money is sent to needs the password again: the server
 * answers CONFIRMATION_REQUIRED, the password is asked, and the same change is sent with the confirmation.
 */
export const useBankAccountUpdate = (record: BankAccount | undefined) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { save: send, dialog } = useConfirmedSave('bank-account.numbers', {
    what: 'resources.bank-accounts.confirm.numbers',
    onlyIfAsked: true,
  });

  const save = async (values: Partial<BankAccount>) => {
    if (!record) return;
    const body = bankAccountBody(values, false);
    return send(
      (headers) => put(`/bank-accounts/${record.id}`, body, { headers }),
      () => {
        toasts.success(translate('app.toast.success'), translate('resources.bank-accounts.saved'));
        refresh();
        redirect('show', 'bank-accounts', record.id);
      },
    );
  };

  return { save, dialog };
};
