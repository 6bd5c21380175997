import { Edit, SaveButton, SimpleForm, Toolbar, WithRecord } from 'react-admin';
import { useSession } from '../../session/SessionProvider';
import type { User } from '.';
import { UserInputs, userBody } from './UserInputs';

export const UserEdit = () => {
  const { vendorCode } = useSession();
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={(values) => userBody(values, false, vendorCode)}>
      <SimpleForm
        noValidate
        sx={{ maxWidth: 480 }}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <WithRecord<User> render={(r) => <UserInputs currentRole={r.role} />} />
      </SimpleForm>
    </Edit>
  );
};
