import { Create, SimpleForm } from 'react-admin';
import { VendorInputs, vendorBody } from './VendorInputs';

export const VendorCreate = () => (
  <Create redirect="show" transform={(values) => vendorBody(values, true)}>
    <SimpleForm noValidate sx={{ maxWidth: 480 }}>
      <VendorInputs isCreate />
    </SimpleForm>
  </Create>
);
