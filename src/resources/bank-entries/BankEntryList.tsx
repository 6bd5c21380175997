import { DataTable, TopToolbar, useTranslate } from 'react-admin';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { formatRupees } from '../../../domain/format';
import { ListLiveToggle } from '../../live';
import { ExportButton } from '../shared/ExportButton';
import { ListPagination } from '../shared/ListPagination';
import { BankEntryEmpty } from './BankEntryEmpty';
import { CreatedAt, PayinLink, UsedTag } from './BankEntryCells';
import { useBankEntryFilters } from './BankEntryFilters';
import { ResetEntryButton } from './ResetEntryButton';
import type { BankEntry } from './types';

/**
 * The list refreshes on every `bank-entries` event, filters or not: the server applies the filters
 * again, so a new entry shows only where it belongs. Staff pause it to read without rows moving.
 */
const Actions = () => (
  <TopToolbar sx={{ alignItems: 'center' }}>
    <ListLiveToggle topic="bank-entries" />
    <ExportButton />
  </TopToolbar>
);

const nowrap = () => ({ whiteSpace: 'nowrap' });

/** A credit on a phone: amount and whether it was used, its UTR, the bank and the pay-in it paid. */
const card: CardFields<BankEntry> = {
  headline: (r) => formatRupees(r.amount),
  status: <UsedTag />,
  title: (r) => r.utr,
  detail: (r) => r.bankNickname,
  createdAt: (r) => r.createdAt,
  action: (
    <>
      <PayinLink />
      <ResetEntryButton />
    </>
  ),
  open: false,
};

/** Every recorded credit, newest first (GET /v1/bank-entries). */
export const BankEntryList = () => {
  const translate = useTranslate();
  return (
    <AppList
      filters={useBankEntryFilters()}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      <ListBody card={card} empty={<BankEntryEmpty />}>
        <DataTable<BankEntry> bulkActionButtons={false} rowClick={false} empty={<BankEntryEmpty />}>
          <DataTable.Col source="utr" disableSort cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })} />
          <DataTable.Col
            source="amount"
            label={translate('resources.add-data.columns.amount')}
            align="right"
            cellSx={nowrap}
            render={(r) => formatRupees(r.amount)}
          />
          <DataTable.Col source="amountCode" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
          <DataTable.Col source="bankNickname" disableSort cellSx={nowrap} />
          <DataTable.Col source="source" disableSort />
          <DataTable.Col source="used" disableSort>
            <UsedTag />
          </DataTable.Col>
          <DataTable.Col source="payinId" disableSort>
            <PayinLink />
          </DataTable.Col>
          <DataTable.Col source="createdBy" disableSort cellSx={nowrap} />
          <DataTable.Col source="createdAt">
            <CreatedAt />
          </DataTable.Col>
          <DataTable.Col label="" disableSort>
            <ResetEntryButton />
          </DataTable.Col>
        </DataTable>
      </ListBody>
    </AppList>
  );
};
