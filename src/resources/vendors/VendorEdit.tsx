import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { VendorInputs, vendorBody } from './VendorInputs';

export const VendorEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={(values) => vendorBody(values, false)}>
    <SimpleForm
      noValidate
      sx={{ maxWidth: 480 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <VendorInputs />
    </SimpleForm>
  </Edit>
);
