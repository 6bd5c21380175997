import { ListPagination } from '../shared/ListPagination';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import { Box } from '@mui/material';
import { ColumnsButton, CreateButton, DataTable, TopToolbar, useTranslate } from 'react-admin';
import { AppList } from '../shared/AppList';
import { CardLine, ListBody, type CardFields } from '../shared/CardList';
import { canDo } from '../../../domain/access';
import { formatRupees } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import { ConfirmedSwitch } from '../shared/ConfirmedSwitch';
import { ExportButton } from '../shared/ExportButton';
import { ListEmpty } from '../shared/ListEmpty';
import { RowEditButton } from '../shared/RowEditButton';
import type { BankAccount } from './types';
import { ApproveBankAccountButton } from './ApproveBankAccountButton';
import { Approval, BankDetails, CreatedAt, Limits, UpiId } from './BankAccountCells';
import { balanceDaysToday, useBankAccountFilters } from './BankAccountFilters';
import { DeleteBankAccountButton } from './DeleteBankAccountButton';
import { FlagSwitch } from './FlagSwitch';
import { MerchantsField } from './MerchantsField';

const Actions = () => {
  const { role } = useSession();
  return (
    <TopToolbar>
      <ColumnsButton />
      {role && canDo(role, 'bank-accounts', 'create') && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
};

const RowActions = () => {
  const { role } = useSession();
  return (
    <Box sx={{ display: 'flex' }}>
      <ApproveBankAccountButton compact />
      {role && canDo(role, 'bank-accounts', 'update') && <RowEditButton />}
      <DeleteBankAccountButton compact />
    </Box>
  );
};

const nowrap = () => ({ whiteSpace: 'nowrap' });

/** Shown through the Columns button: the pay page's display switches, the UPI id, the account number alone (Bank Details holds it). */
const HIDDEN_COLUMNS = ['accountNumber', 'upiId', 'showQr', 'showBankDetails'];

const EnabledSwitch = () => (
  <ConfirmedSwitch<BankAccount>
    kind="bank-account.toggle"
    source="enabled"
    path={(r) => `/bank-accounts/${r.id}/flags`}
    resource="bank-accounts"
    label="resources.bank-accounts.fields.enabled"
  />
);

/** An account on a phone: its nickname and approval, bank and number, balance; switch and buttons below. */
const card: CardFields<BankAccount> = {
  headline: (r) => r.nickname,
  status: <Approval />,
  title: (r) => [r.accountNumber, r.ifsc].filter(Boolean).join(' · ') || r.upiId,
  detail: (r) => (
    <>
      {r.bankName}
      {r.balance !== undefined && (
        <Box>
          <CardLine label="resources.bank-accounts.fields.balance">{formatRupees(r.balance)}</CardLine>
        </Box>
      )}
    </>
  ),
  createdAt: (r) => r.createdAt,
  action: (
    <>
      <EnabledSwitch />
      <RowActions />
    </>
  ),
};

export const BankAccountList = () => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.bank-accounts.fields.${name}`);
  return (
    <AppList
      filters={useBankAccountFilters()}
      filterDefaultValues={balanceDaysToday()}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={<ListEmpty icon={<BankIcon />} />}
    >
      <ListBody card={card} empty={<ListEmpty filtered icon={<BankIcon />} />}>
        <DataTable<BankAccount>
          rowClick="show"
          bulkActionButtons={false}
          empty={<ListEmpty filtered icon={<BankIcon />} />}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
          hiddenColumns={HIDDEN_COLUMNS}
        >
          <DataTable.Col label={field('actions')} disableSort>
            <RowActions />
          </DataTable.Col>
          <DataTable.Col source="nickname" cellSx={nowrap} />
          <DataTable.Col source="bankName" label={field('bankDetails')}>
            <BankDetails />
          </DataTable.Col>
          <DataTable.Col
            source="accountNumber"
            disableSort
            cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="upiId" disableSort>
            <UpiId />
          </DataTable.Col>
          <DataTable.Col label={field('limits')} disableSort>
            <Limits />
          </DataTable.Col>
          <DataTable.Col
            source="balance"
            align="right"
            disableSort
            cellSx={nowrap}
            render={(r) => formatRupees(r.balance)}
          />
          <DataTable.Col source="showQr" disableSort>
            <FlagSwitch source="showQr" />
          </DataTable.Col>
          <DataTable.Col source="showBankDetails" disableSort>
            <FlagSwitch source="showBankDetails" />
          </DataTable.Col>
          <DataTable.Col source="enabled" disableSort>
            <EnabledSwitch />
          </DataTable.Col>
          <DataTable.Col source="approval" disableSort>
            <Approval />
          </DataTable.Col>
          <DataTable.Col source="merchantCodes" disableSort cellSx={() => ({ minWidth: 110 })}>
            <MerchantsField />
          </DataTable.Col>
          <DataTable.Col
            source="usedFor"
            disableSort
            render={(r) => translate(`resources.bank-accounts.used_for.${r.usedFor}`)}
          />
          <DataTable.Col source="vendorCode" disableSort cellSx={nowrap} />
          <DataTable.Col source="createdAt">
            <CreatedAt />
          </DataTable.Col>
        </DataTable>
      </ListBody>
    </AppList>
  );
};
