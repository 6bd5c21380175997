import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { AccessDenied } from '../../layout/AccessDenied';
import { useSession } from '../../session/SessionProvider';
import type { User } from './types';
import { UserInputs, userBody } from './UserInputs';
import { useMayManage } from './useMayManage';

/** The form, for a user the signed-in user may manage (as the server decides). */
const UserForm = () => {
  const record = useRecordContext<User>();
  const mayEdit = useMayManage(record, 'update');
  if (!record) return null;
  if (!mayEdit) return <AccessDenied />;
  return (
    <SimpleForm
      noValidate
      sx={{ maxWidth: 480 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <UserInputs currentRole={record.role} />
    </SimpleForm>
  );
};

export const UserEdit = () => {
  const { vendorCode } = useSession();
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={(values) => userBody(values, false, vendorCode)}>
      <UserForm />
    </Edit>
  );
};
