import { Create, SimpleForm } from 'react-admin';
import type { UsedFor } from '../../../domain/bank-account';
import { BankAccountInputs, bankAccountBody } from './BankAccountInputs';

const defaults = { usedFor: 'PAYIN' satisfies UsedFor, showQr: true, showBankDetails: true, enabled: true };

export const BankAccountCreate = () => (
  <Create redirect="show" transform={(values) => bankAccountBody(values, true)}>
    <SimpleForm noValidate defaultValues={defaults}>
      <BankAccountInputs isCreate />
    </SimpleForm>
  </Create>
);
