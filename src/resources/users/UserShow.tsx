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
import { canDo } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import { AuditHistory } from '../shared/AuditHistory';
import type { User } from '.';
import { ResetPasswordButton } from './ResetPasswordButton';

const Actions = () => {
  const record = useRecordContext<User>();
  const { role, userId } = useSession();
  const manageable = record && role && record.id !== userId && canDo(role, 'user', 'update');
  return (
    <TopToolbar>
      {manageable && <EditButton />}
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
