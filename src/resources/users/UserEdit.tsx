import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { AccessDenied } from '../../layout/AccessDenied';
import { put } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import { useConfirmedSave } from '../shared/useConfirmedSave';
import type { User } from './types';
import { UserInputs, userBody } from './UserInputs';
import { useMayManage } from './useMayManage';

/**
 * The form, for a user the signed-in user may manage (as the server decides). Changing the role or
 * codes asks for the password: the server says when.
 */
const UserForm = () => {
  const record = useRecordContext<User>();
  const mayEdit = useMayManage(record, 'update');
  const { vendorCode } = useSession();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { save, dialog } = useConfirmedSave('user.access', {
    what: 'resources.user.confirm_access',
    onlyIfAsked: true,
  });
  if (!record) return null;
  if (!mayEdit) return <AccessDenied />;
  const submit = (values: Partial<User>) =>
    save(
      (headers) => put(`/users/${record.id}`, userBody(values, false, vendorCode), { headers }),
      () => {
        toasts.success(translate('app.toast.success'), translate('resources.user.notifications.updated'));
        refresh();
        redirect('show', 'user', record.id);
      },
    );
  return (
    <>
      <SimpleForm
        noValidate
        sx={{ maxWidth: 480 }}
        onSubmit={submit}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <UserInputs currentRole={record.role} />
      </SimpleForm>
      {dialog}
    </>
  );
};

export const UserEdit = () => (
  <Edit mutationMode="pessimistic">
    <UserForm />
  </Edit>
);
