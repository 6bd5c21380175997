import { ListPagination } from '../shared/ListPagination';
import { DataTable, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { AppList } from '../shared/AppList';
import { CardLine, ListBody, type CardFields } from '../shared/CardList';
import ApplicationIcon from '@mui/icons-material/StorefrontOutlined';
import { ListNoneFound } from '../shared/ListEmpty';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { statusChoices } from '../../i18n/codeLabels';
import { ExportButton } from '../shared/ExportButton';
import { StatusChip } from './StatusChip';
import { APPLICATION_STATUSES, REVIEWABLE_STATUS } from '../../../domain/merchant-application';
import type { MerchantApplication } from './types';

const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={statusChoices(APPLICATION_STATUSES)}
    emptyText="resources.merchant-applications.all_statuses"
    alwaysOn
  />,
  <TextInput key="q" source="q" label="resources.merchant-applications.search" alwaysOn />,
];

/** An application on a phone: the business, its status, who to call and the volume it expects. */
const card: CardFields<MerchantApplication> = {
  headline: (r) => r.businessName,
  status: <StatusChip />,
  title: (r) => r.email,
  detail: (r) => (
    <CardLine label="resources.merchant-applications.fields.expectedMonthlyVolume">
      {formatRupees(r.expectedMonthlyVolume)}
    </CardLine>
  ),
  createdAt: (r) => r.createdAt,
};

/** Applications from the on-boarding form, pending ones first by default. */
export const ApplicationList = () => (
  <AppList
    filters={filters}
    filterDefaultValues={{ status: REVIEWABLE_STATUS }}
    actions={
      <TopToolbar>
        <ExportButton />
      </TopToolbar>
    }
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
  >
    <ListBody card={card} empty={<ListNoneFound icon={<ApplicationIcon />} />}>
      <DataTable<MerchantApplication> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="businessName" />
        <DataTable.Col source="contactName" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="phone" disableSort />
        <DataTable.Col source="website" disableSort />
        <DataTable.Col
          align="right"
          source="expectedMonthlyVolume"
          render={(r) => formatRupees(r.expectedMonthlyVolume)}
          disableSort
        />
        <DataTable.Col source="status" disableSort>
          <StatusChip />
        </DataTable.Col>
        <DataTable.Col source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
      </DataTable>
    </ListBody>
  </AppList>
);
