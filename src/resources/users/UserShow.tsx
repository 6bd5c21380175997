import { Box, Card, Chip } from '@mui/material';
import {
  BooleanField,
  EditButton,
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  WithRecord,
  useRecordContext,
} from 'react-admin';
import { formatDateTime } from '../../../domain/format';
import { AuditHistory } from '../shared/AuditHistory';
import type { User } from './types';
import { ResetPasswordButton } from './ResetPasswordButton';
import { useMayManage } from './useMayManage';

const Actions = () => {
  const mayEdit = useMayManage(useRecordContext<User>(), 'update');
  return (
    <TopToolbar>
      {mayEdit && <EditButton />}
      <ResetPasswordButton />
    </TopToolbar>
  );
};

export const UserShow = () => (
  <Show actions={<Actions />} component="div">
    <Card variant="outlined">
      <SimpleShowLayout>
        <TextField source="fullName" />
        <TextField source="userName" />
        <TextField source="roleLabel" />
        <FunctionField<User>
          source="merchantCodes"
          render={(r) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {r.merchantCodes.length === 0
                ? '—'
                : r.merchantCodes.map((code) => <Chip key={code} label={code} size="small" />)}
            </Box>
          )}
        />
        <TextField source="vendorCode" emptyText="—" />
        <BooleanField source="enabled" />
        <FunctionField<User> source="lastLoginAt" render={(r) => formatDateTime(r.lastLoginAt) || '—'} />
        <FunctionField<User> source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
      </SimpleShowLayout>
    </Card>
    <WithRecord<User> render={(r) => <AuditHistory entity="users" id={r.id} />} />
  </Show>
);
