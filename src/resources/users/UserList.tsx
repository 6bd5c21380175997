import { ListPagination } from '../shared/ListPagination';
import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import { Box, Chip } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { canDo } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import { ROLES, ROLE_LABELS } from '../../../domain/roles';
import { useSession } from '../../session/SessionProvider';
import { ConfirmedSwitch } from '../shared/ConfirmedSwitch';
import { ExportButton } from '../shared/ExportButton';
import { ListEmpty } from '../shared/ListEmpty';
import { RowEditButton } from '../shared/RowEditButton';
import type { User } from '.';
import { ResetPasswordButton } from './ResetPasswordButton';

const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }))} alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
];

const Actions = () => {
  const { role } = useSession();
  return (
    <TopToolbar>
      {role && canDo(role, 'user', 'create') && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
};

const MerchantCodes = () => {
  const record = useRecordContext<User>();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {record?.merchantCodes.map((code) => (
        <Chip key={code} label={code} size="small" />
      ))}
    </Box>
  );
};

const EnabledSwitch = () => {
  const record = useRecordContext<User>();
  const { userId } = useSession();
  return (
    <ConfirmedSwitch<User>
      source="enabled"
      path={(r) => `/users/${r.id}/enabled`}
      screen="user"
      label="resources.user.fields.enabled"
      disabled={record?.id === userId}
    />
  );
};

/** A user's own row has no switch or actions: nobody changes their own account here. */
const RowActions = () => {
  const record = useRecordContext<User>();
  const { role, userId } = useSession();
  if (!record || !role || record.id === userId || !canDo(role, 'user', 'update')) return null;
  return (
    <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
      <RowEditButton />
      <ResetPasswordButton compact />
    </Box>
  );
};

export const UserList = () => (
  <List
    filters={filters}
    actions={<Actions />}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
    empty={<ListEmpty icon={<UserIcon />} />}
  >
    <DataTable<User> rowClick="show" bulkActionButtons={false} empty={<ListEmpty filtered icon={<UserIcon />} />}>
      <DataTable.Col source="fullName" />
      <DataTable.Col source="userName" />
      <DataTable.Col source="roleLabel" disableSort />
      <DataTable.Col source="merchantCodes" disableSort>
        <MerchantCodes />
      </DataTable.Col>
      <DataTable.Col source="vendorCode" disableSort />
      <DataTable.Col source="enabled" disableSort>
        <EnabledSwitch />
      </DataTable.Col>
      <DataTable.Col
        source="lastLoginAt"
        render={(r) => formatDateTime(r.lastLoginAt) || '—'}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <DataTable.Col label="" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
