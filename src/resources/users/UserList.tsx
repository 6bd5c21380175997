import { ListPagination } from '../shared/ListPagination';
import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import { Box, Chip } from '@mui/material';
import {
  CreateButton,
  DataTable,
  NullableBooleanInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { canDo } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import { ROLES, ROLE_LABELS } from '../../../domain/roles';
import { useSession } from '../../session/SessionProvider';
import { ConfirmedSwitch } from '../shared/ConfirmedSwitch';
import { ExportButton } from '../shared/ExportButton';
import { ListEmpty } from '../shared/ListEmpty';
import { RowEditButton } from '../shared/RowEditButton';
import type { User } from './types';
import { ResetPasswordButton } from './ResetPasswordButton';
import { useMayManage } from './useMayManage';

const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }))} alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
];

const Actions = () => {
  const { role } = useSession();
  return (
    <TopToolbar>
      {role && canDo(role, 'users', 'create') && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
};

/** The codes the signed-in user may see, and how many others the user holds (why it cannot be managed here). */
const MerchantCodes = () => {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {record?.merchantCodes.map((code) => (
        <Chip key={code} label={code} size="small" />
      ))}
      {record && record.hiddenMerchantCodes > 0 && (
        <Chip
          label={translate('resources.user.hidden_merchants', { smart_count: record.hiddenMerchantCodes })}
          size="small"
          variant="outlined"
        />
      )}
    </Box>
  );
};

/** Nobody changes their own account here, nor a user of a role they do not manage. */
const EnabledSwitch = () => (
  <ConfirmedSwitch<User>
    kind="user.toggle"
    source="enabled"
    path={(r) => `/users/${r.id}/enabled`}
    label="resources.user.fields.enabled"
    disabled={!useMayManage(useRecordContext<User>(), 'toggle')}
  />
);

const RowActions = () => {
  const mayEdit = useMayManage(useRecordContext<User>(), 'update');
  if (!mayEdit) return null;
  return (
    <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
      <RowEditButton />
      <ResetPasswordButton compact />
    </Box>
  );
};

/** A user on a phone: name, user name and role; the switch and the row's buttons below. */
const card: CardFields<User> = {
  headline: (r) => r.fullName,
  title: (r) => r.userName,
  detail: (r) => [r.roleLabel, r.vendorCode, ...r.merchantCodes].filter(Boolean).join(' · '),
  action: (
    <>
      <EnabledSwitch />
      <RowActions />
    </>
  ),
};

export const UserList = () => (
  <AppList
    filters={filters}
    actions={<Actions />}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
    empty={<ListEmpty icon={<UserIcon />} />}
  >
    <ListBody card={card} empty={<ListEmpty filtered icon={<UserIcon />} />}>
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
    </ListBody>
  </AppList>
);
