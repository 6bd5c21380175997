import { ListPagination } from '../shared/ListPagination';
import { DataTable, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { AppList } from '../shared/AppList';
import AuditIcon from '@mui/icons-material/HistoryOutlined';
import { ListBody, type CardFields } from '../shared/CardList';
import { ListNoneFound } from '../shared/ListEmpty';
import { DateInput } from '../shared/DayInput';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../domain/audit-event';
import { formatDateTime } from '../../../domain/format';
import { codeChoices, useCodeLabel } from '../../i18n/codeLabels';
import { ExportButton } from '../shared/ExportButton';
import { AuditEventPanel } from './AuditEventPanel';
import { RecordLink } from './RecordLink';
import type { AuditEvent } from './types';

/** A code of the row in the chosen language's words. */
const CodeText = ({ group, code }: { group: 'roles' | 'actions' | 'entities'; code: string }) => (
  <>{useCodeLabel(group)(code)}</>
);

// From and to are whole IST calendar days ('yyyy-mm-dd'), as the date inputs show them and the API takes them.
const filters = [
  <SelectInput key="entity" source="entity" choices={codeChoices('entities', AUDIT_ENTITIES)} alwaysOn />,
  <SelectInput key="action" source="action" choices={codeChoices('actions', AUDIT_ACTIONS)} alwaysOn />,
  <TextInput key="actorName" source="actorName" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

/** An event on a phone: what was done to which record, by whom; the card opens the before and after. */
const card: CardFields<AuditEvent> = {
  headline: (r) => (
    <>
      <CodeText group="actions" code={r.action} /> · <CodeText group="entities" code={r.entity} />
    </>
  ),
  title: (r) => r.actorName,
  detail: (r) => r.actorRole && <CodeText group="roles" code={r.actorRole} />,
  createdAt: (r) => r.at,
  action: <RecordLink />,
  open: { expand: <AuditEventPanel /> },
};

/** The audit log, newest first; each row opens to the record before and after. */
export const AuditEventList = () => (
  <AppList
    filters={filters}
    actions={
      <TopToolbar>
        <ExportButton />
      </TopToolbar>
    }
    sort={{ field: 'at', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
  >
    <ListBody card={card} empty={<ListNoneFound icon={<AuditIcon />} />}>
      <DataTable<AuditEvent> bulkActionButtons={false} expand={<AuditEventPanel />} rowClick="expand">
        <DataTable.Col source="at" render={(r) => formatDateTime(r.at)} />
        <DataTable.Col source="actorName" disableSort />
        <DataTable.Col source="actorRole" render={(r) => <CodeText group="roles" code={r.actorRole} />} disableSort />
        <DataTable.Col source="action" render={(r) => <CodeText group="actions" code={r.action} />} disableSort />
        <DataTable.Col source="entity" render={(r) => <CodeText group="entities" code={r.entity} />} disableSort />
        <DataTable.Col source="entityId" disableSort>
          <RecordLink />
        </DataTable.Col>
        <DataTable.Col source="ip" disableSort />
      </DataTable>
    </ListBody>
  </AppList>
);
