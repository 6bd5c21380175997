import { Create, SimpleForm } from 'react-admin';
import { BankAccountInputs, bankAccountBody } from './BankAccountInputs';

const defaults = { usedFor: 'PAYIN', showQr: true, showBankDetails: true, enabled: true };

export const BankAccountCreate = () => (
  <Create redirect="show" transform={(values) => bankAccountBody(values, true)}>
    <SimpleForm noValidate defaultValues={defaults}>
      <BankAccountInputs isCreate />
    </SimpleForm>
  </Create>
);
