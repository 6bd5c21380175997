import { Create, SimpleForm, useRedirect, useTranslate } from 'react-admin';
import type { UsedFor } from '../../../domain/bank-account';
import { post } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useConfirmedSave } from '../shared/useConfirmedSave';
import type { BankAccount } from './types';
import { BankAccountInputs, bankAccountBody } from './BankAccountInputs';

const defaults = { usedFor: 'PAYIN' satisfies UsedFor, showQr: true, showBankDetails: true, enabled: true };

/** Adding an account needs the password again; a pay-in account then awaits a second staff user's approval. */
export const BankAccountCreate = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const redirect = useRedirect();
  const { save, dialog } = useConfirmedSave('bank-account.create', {
    what: 'resources.bank-accounts.confirm.create',
  });
  const submit = (values: Partial<BankAccount>) =>
    save(
      (headers) => post<{ data: BankAccount }>('/bank-accounts', bankAccountBody(values, true), { headers }),
      ({ data }) => {
        const awaiting = data.approval === 'AWAITING_APPROVAL';
        toasts.success(
          translate('app.toast.success'),
          translate(`resources.bank-accounts.${awaiting ? 'created_awaiting' : 'created'}`),
        );
        redirect('show', 'bank-accounts', data.id);
      },
    );
  return (
    <Create>
      <SimpleForm noValidate defaultValues={defaults} onSubmit={submit}>
        <BankAccountInputs isCreate />
      </SimpleForm>
      {dialog}
    </Create>
  );
};
