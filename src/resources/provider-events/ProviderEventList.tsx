import { DataTable, SelectInput, TextInput } from 'react-admin';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { formatDateTime } from '../../../domain/format';
import { PROVIDER_EVENT_OUTCOMES, PROVIDER_LABEL, PROVIDERS } from '../../../domain/providers';
import WebhookIcon from '@mui/icons-material/Webhook';
import { ListNoneFound } from '../shared/ListEmpty';
import { ListPagination } from '../shared/ListPagination';
import { OutcomeChip } from './OutcomeChip';
import { PayinLink } from './PayinLink';
import type { ProviderEvent } from './types';
import { VerifiedText } from './VerifiedText';

const t = (key: string) => `resources.provider-events.${key}`;

const filters = [
  <SelectInput
    key="provider"
    source="provider"
    choices={PROVIDERS.map((id) => ({ id, name: PROVIDER_LABEL[id] }))}
    alwaysOn
  />,
  <SelectInput
    key="outcome"
    source="outcome"
    choices={PROVIDER_EVENT_OUTCOMES.map((id) => ({ id, name: t(`outcomes.${id}`) }))}
    alwaysOn
  />,
  <SelectInput
    key="verified"
    source="verified"
    choices={[
      { id: 'true', name: t('verified.true') },
      { id: 'false', name: t('verified.false') },
    ]}
    alwaysOn
  />,
  <TextInput key="payinId" source="payinId" alwaysOn />,
];

/** An event on a phone: the provider and its type, the outcome, what it said, when it came. */
const card: CardFields<ProviderEvent> = {
  headline: (r) => `${PROVIDER_LABEL[r.provider]} · ${r.eventType}`,
  status: <OutcomeChip />,
  title: (r) => r.payinId,
  detail: (r) => r.detail,
  createdAt: (r) => r.receivedAt,
};

/** The event log: every webhook the providers sent, newest first; each row opens to what was received. */
export const ProviderEventList = () => (
  <AppList
    filters={filters}
    sort={{ field: 'receivedAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
    empty={false}
  >
    <ListBody card={card} empty={<ListNoneFound icon={<WebhookIcon />} />}>
      <DataTable<ProviderEvent>
        bulkActionButtons={false}
        rowClick="show"
        empty={<ListNoneFound icon={<WebhookIcon />} />}
      >
        <DataTable.Col<ProviderEvent> source="receivedAt" render={(r) => formatDateTime(r.receivedAt)} />
        <DataTable.Col<ProviderEvent> source="provider" render={(r) => PROVIDER_LABEL[r.provider]} disableSort />
        <DataTable.Col source="eventType" disableSort />
        <DataTable.Col source="verified" disableSort>
          <VerifiedText />
        </DataTable.Col>
        <DataTable.Col source="outcome" disableSort>
          <OutcomeChip />
        </DataTable.Col>
        <DataTable.Col source="detail" disableSort />
        <DataTable.Col source="payinId" disableSort>
          <PayinLink />
        </DataTable.Col>
        <DataTable.Col source="attempts" disableSort />
      </DataTable>
    </ListBody>
  </AppList>
);
