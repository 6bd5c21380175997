import { Card, Grid } from '@mui/material';
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
  useTranslate,
} from 'react-admin';
import { canDo } from '../../../domain/access';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import { AuditHistory } from '../shared/AuditHistory';
import type { BankAccount } from './types';
import { ApproveBankAccountButton } from './ApproveBankAccountButton';
import { Approval } from './BankAccountCells';
import { DeleteBankAccountButton } from './DeleteBankAccountButton';
import { MerchantsField } from './MerchantsField';

const Actions = () => {
  const { role } = useSession();
  return (
    <TopToolbar>
      <ApproveBankAccountButton />
      {role && canDo(role, 'bank-accounts', 'update') && <EditButton />}
      <DeleteBankAccountButton />
    </TopToolbar>
  );
};

const rupees = (source: 'minPayin' | 'maxPayin' | 'dailyLimit') => (r: BankAccount) =>
  r[source] === null ? '—' : formatRupees(r[source]);

export const BankAccountShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />} component="div">
      <Card variant="outlined">
        <Grid container>
          <Grid size={{ xs: 12, md: 6 }}>
            <SimpleShowLayout>
              <TextField source="nickname" />
              <TextField source="bankName" />
              <TextField source="holderName" />
              <TextField source="accountNumber" sx={{ fontFamily: 'monospace' }} />
              <TextField source="ifsc" />
              <TextField source="upiId" emptyText="—" />
              <FunctionField<BankAccount>
                source="usedFor"
                render={(r) => translate(`resources.bank-accounts.used_for.${r.usedFor}`)}
              />
              <TextField source="vendorCode" />
            </SimpleShowLayout>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SimpleShowLayout>
              <FunctionField<BankAccount> source="minPayin" render={rupees('minPayin')} />
              <FunctionField<BankAccount> source="maxPayin" render={rupees('maxPayin')} />
              <FunctionField<BankAccount> source="dailyLimit" render={rupees('dailyLimit')} />
              <BooleanField source="showQr" />
              <BooleanField source="showBankDetails" />
              <BooleanField source="enabled" />
              <Labeled source="approval">
                <Approval />
              </Labeled>
              <FunctionField<BankAccount>
                source="approvedAt"
                render={(r) => (r.approvedAt ? formatDateTime(r.approvedAt) : '—')}
              />
              <FunctionField<BankAccount> source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
              <Labeled source="merchantCodes">
                <MerchantsField max={50} />
              </Labeled>
            </SimpleShowLayout>
          </Grid>
        </Grid>
      </Card>
      <WithRecord<BankAccount> render={(r) => <AuditHistory entity="bank-accounts" id={r.id} />} />
    </Show>
  );
};
