import { Create, SimpleForm } from 'react-admin';
import { useSession } from '../../session/SessionProvider';
import { UserInputs, userBody } from './UserInputs';

export const UserCreate = () => {
  const { vendorCode } = useSession();
  return (
    <Create redirect="list" transform={(values) => userBody(values, true, vendorCode)}>
      <SimpleForm noValidate sx={{ maxWidth: 480 }}>
        <UserInputs isCreate />
      </SimpleForm>
    </Create>
  );
};
