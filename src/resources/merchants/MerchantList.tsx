import { ListPagination } from '../shared/ListPagination';
import { DataTable, NullableBooleanInput, TextInput } from 'react-admin';
import { AppList } from '../shared/AppList';
import { CardLine, ListBody, type CardFields } from '../shared/CardList';
import { formatRupees } from '../../../domain/format';
import { MerchantEnabledSwitch } from './MerchantEnabledSwitch';
import { merchantColumns } from './merchantColumns';
import { MerchantEmpty } from './MerchantEmpty';
import { MerchantListActions } from './MerchantListActions';
import { SubMerchantPanel } from './SubMerchantPanel';
import type { Merchant } from './types';

const filters = [
  <TextInput key="code" source="code" alwaysOn />,
  <TextInput key="name" source="name" alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
  <NullableBooleanInput key="testMode" source="testMode" alwaysOn />,
  <NullableBooleanInput key="topLevel" source="topLevel" alwaysOn />,
];

/** A merchant on a phone: its name, code and balance; the switch beside. */
const card: CardFields<Merchant> = {
  headline: (r) => r.name,
  title: (r) => r.code,
  detail: (r) => <CardLine label="resources.merchant.fields.balance">{formatRupees(r.balance)}</CardLine>,
  createdAt: (r) => r.createdAt,
  action: <MerchantEnabledSwitch />,
};

/** /app/merchant: top-level merchants, each with its sub-merchants in an expand panel. */
export const MerchantList = () => (
  <AppList
    filters={filters}
    filterDefaultValues={{ topLevel: true }}
    actions={<MerchantListActions />}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
    empty={<MerchantEmpty />}
  >
    <ListBody card={card} empty={<MerchantEmpty filtered />}>
      <DataTable<Merchant>
        rowClick="show"
        bulkActionButtons={false}
        expand={<SubMerchantPanel />}
        isRowExpandable={(r) => (r.subMerchantCount ?? 0) > 0}
        hiddenColumns={['siteUrl']}
        empty={<MerchantEmpty filtered />}
      >
        {merchantColumns()}
      </DataTable>
    </ListBody>
  </AppList>
);
