import { Edit, SimpleForm } from 'react-admin';
import { MerchantInputs } from './MerchantInputs';
import { merchantUpdateBody } from './merchantValidation';

/** Limits and fees move money: the edit waits for the server (pessimistic) and shows its message. */
export const MerchantEdit = () => (
  <Edit mutationMode="pessimistic" transform={merchantUpdateBody} redirect="show">
    <SimpleForm noValidate>
      <MerchantInputs />
    </SimpleForm>
  </Edit>
);
