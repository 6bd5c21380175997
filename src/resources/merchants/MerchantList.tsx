import { ListPagination } from '../shared/ListPagination';
import { DataTable, NullableBooleanInput, TextInput } from 'react-admin';
import { AppList } from '../shared/AppList';
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
  </AppList>
);
