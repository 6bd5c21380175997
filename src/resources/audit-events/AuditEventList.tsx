import { ListPagination } from '../shared/ListPagination';
import { DataTable, List, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../domain/audit-event';
import { formatDateTime, snakeToTitle } from '../../../domain/format';
import { ExportButton } from '../shared/ExportButton';
import { AuditEventPanel } from './AuditEventPanel';
import { RecordLink } from './RecordLink';
import type { AuditEvent } from './types';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: snakeToTitle(id.replace(/-/g, '_')) }));

// From and to are whole IST calendar days ('yyyy-mm-dd'), as the date inputs show them and the API takes them.
const filters = [
  <SelectInput key="entity" source="entity" choices={choices(AUDIT_ENTITIES)} alwaysOn />,
  <SelectInput key="action" source="action" choices={choices(AUDIT_ACTIONS)} alwaysOn />,
  <TextInput key="actorName" source="actorName" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

/** The audit log, newest first; each row opens to the record before and after. */
export const AuditEventList = () => (
  <List
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
    <DataTable<AuditEvent> bulkActionButtons={false} expand={<AuditEventPanel />} rowClick="expand">
      <DataTable.Col source="at" render={(r) => formatDateTime(r.at)} />
      <DataTable.Col source="actorName" disableSort />
      <DataTable.Col source="actorRole" render={(r) => snakeToTitle(r.actorRole)} disableSort />
      <DataTable.Col source="action" render={(r) => snakeToTitle(r.action.replace(/-/g, '_'))} disableSort />
      <DataTable.Col source="entity" render={(r) => snakeToTitle(r.entity.replace(/-/g, '_'))} disableSort />
      <DataTable.Col source="entityId" disableSort>
        <RecordLink />
      </DataTable.Col>
      <DataTable.Col source="ip" disableSort />
    </DataTable>
  </List>
);
