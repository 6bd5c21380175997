import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { isMaskedAccountNumber } from '../../../domain/bank-account';
import type { BankAccount } from './types';
import { BankAccountInputs } from './BankAccountInputs';
import { useBankAccountUpdate } from './useBankAccountUpdate';

const EditForm = () => {
  const record = useRecordContext<BankAccount>();
  const { save, dialog } = useBankAccountUpdate(record);
  if (!record) return null;
  // A role that sees the number masked leaves it empty to keep it, or types a whole new one.
  const masked = isMaskedAccountNumber(record.accountNumber) ? record.accountNumber : undefined;
  return (
    <>
      <SimpleForm
        noValidate
        record={masked ? { ...record, accountNumber: '' } : record}
        onSubmit={save}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <BankAccountInputs maskedNumber={masked} />
      </SimpleForm>
      {dialog}
    </>
  );
};

export const BankAccountEdit = () => (
  <Edit mutationMode="pessimistic">
    <EditForm />
  </Edit>
);
