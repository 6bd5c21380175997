import { ListPagination } from '../shared/ListPagination';
import VendorIcon from '@mui/icons-material/LocalShippingOutlined';
import { CreateButton, DataTable, NullableBooleanInput, TextInput, TopToolbar } from 'react-admin';
import { AppList } from '../shared/AppList';
import { CardLine, ListBody, type CardFields } from '../shared/CardList';
import { canDo } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import { ConfirmedSwitch } from '../shared/ConfirmedSwitch';
import { ExportButton } from '../shared/ExportButton';
import { ListEmpty } from '../shared/ListEmpty';
import type { Vendor } from './types';
import { VendorPosition, VendorUnmatched } from './VendorMoney';

const filters = [
  <TextInput key="code" source="code" alwaysOn />,
  <TextInput key="name" source="name" alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
];

const Actions = () => {
  const { role } = useSession();
  return (
    <TopToolbar>
      {role && canDo(role, 'vendors', 'create') && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
};

const percent = (value: number) => `${value.toFixed(2)} %`;

const EnabledSwitch = () => (
  <ConfirmedSwitch<Vendor>
    kind="vendor.toggle"
    source="enabled"
    path={(r) => `/vendors/${r.id}/enabled`}
    resource="vendors"
    label="resources.vendor.fields.enabled"
  />
);

/** A vendor on a phone: name, code and where its money stands; the switch below. */
const card: CardFields<Vendor> = {
  headline: (r) => r.name,
  title: (r) => r.code,
  detail: () => (
    <CardLine label="resources.vendor.fields.balance">
      <VendorPosition />
    </CardLine>
  ),
  createdAt: (r) => r.createdAt,
  action: <EnabledSwitch />,
};

export const VendorList = () => (
  <AppList
    filters={filters}
    actions={<Actions />}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
    empty={<ListEmpty icon={<VendorIcon />} />}
  >
    <ListBody card={card} empty={<ListEmpty filtered icon={<VendorIcon />} />}>
      <DataTable<Vendor> rowClick="show" bulkActionButtons={false} empty={<ListEmpty filtered icon={<VendorIcon />} />}>
        <DataTable.Col source="code" />
        <DataTable.Col source="name" />
        <DataTable.Col
          source="payinCommissionPercent"
          align="right"
          render={(r) => percent(r.payinCommissionPercent)}
          disableSort
        />
        <DataTable.Col
          source="payoutCommissionPercent"
          align="right"
          render={(r) => percent(r.payoutCommissionPercent)}
          disableSort
        />
        <DataTable.Col source="balance" disableSort>
          <VendorPosition />
        </DataTable.Col>
        <DataTable.Col source="unmatched" align="right" disableSort>
          <VendorUnmatched />
        </DataTable.Col>
        <DataTable.Col source="enabled" disableSort>
          <EnabledSwitch />
        </DataTable.Col>
        <DataTable.Col source="createdBy" disableSort />
        <DataTable.Col source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
      </DataTable>
    </ListBody>
  </AppList>
);
