import { Card } from '@mui/material';
import {
  BooleanField,
  EditButton,
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  WithRecord,
} from 'react-admin';
import { canDo } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import { AuditHistory } from '../shared/AuditHistory';
import type { Vendor } from './types';
import { VendorPosition, VendorUnmatched } from './VendorMoney';

const Actions = () => {
  const { role } = useSession();
  return <TopToolbar>{role && canDo(role, 'vendors', 'update') && <EditButton />}</TopToolbar>;
};

export const VendorShow = () => (
  <Show actions={<Actions />} component="div">
    <Card variant="outlined">
      <SimpleShowLayout>
        <TextField source="code" />
        <TextField source="name" />
        <FunctionField<Vendor>
          source="payinCommissionPercent"
          render={(r) => `${r.payinCommissionPercent.toFixed(2)} %`}
        />
        <FunctionField<Vendor>
          source="payoutCommissionPercent"
          render={(r) => `${r.payoutCommissionPercent.toFixed(2)} %`}
        />
        <Labeled source="balance">
          <VendorPosition />
        </Labeled>
        <Labeled source="unmatched">
          <VendorUnmatched />
        </Labeled>
        <BooleanField source="enabled" />
        <TextField source="createdBy" emptyText="—" />
        <FunctionField<Vendor> source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
        <FunctionField<Vendor> source="updatedAt" render={(r) => formatDateTime(r.updatedAt)} />
      </SimpleShowLayout>
    </Card>
    <WithRecord<Vendor> render={(r) => <AuditHistory entity="vendors" id={r.id} />} />
  </Show>
);
