import HistoryIcon from '@mui/icons-material/History';
import {
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link, useCreatePath, useGetList, useTranslate } from 'react-admin';
import { canUseResource } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import { useCodeLabel } from '../../i18n/codeLabels';
import { buildQuery } from '../../providers/http';
import { useSession } from '../../session/SessionProvider';
import type { AuditEntity } from '../../../domain/audit-event';
import type { AuditEvent } from '../audit-events/types';
import { changesOf, describeChange } from './changes';
import { ScrollBox } from './ScrollBox';

const PAGE = 25;
const SHOWN = 6;

/** The changed fields, the first few of a long list (a created record lists all its fields) with the rest folded. */
const Changes = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  const changes = changesOf(event.before, event.after);
  const line = (text: string, key: string) => (
    <Typography key={key} variant="body2" sx={{ wordBreak: 'break-word' }}>
      {text}
    </Typography>
  );
  if (changes.length <= SHOWN + 1) return <>{changes.map((c) => line(describeChange(c), c.field))}</>;
  return (
    <details>
      <summary>
        <Typography component="span" variant="body2">
          {changes.slice(0, 2).map(describeChange).join(' · ')}{' '}
          {translate('app.audit.more', { count: changes.length - 2 })}
        </Typography>
      </summary>
      {changes.slice(2).map((c) => line(describeChange(c), c.field))}
    </details>
  );
};

/** The latest changes of one record, from the audit log; only for roles that may read the log. */
export const AuditHistory = ({ entity, id }: { entity: AuditEntity; id: string | number | undefined }) => {
  const { role } = useSession();
  const allowed = role !== null && canUseResource(role, 'audit-events') && id !== undefined;
  return allowed ? <HistoryCard entity={entity} id={String(id)} /> : null;
};

const HistoryCard = ({ entity, id }: { entity: AuditEntity; id: string }) => {
  const translate = useTranslate();
  const roleLabel = useCodeLabel('roles');
  const actionLabel = useCodeLabel('actions');
  const createPath = useCreatePath();
  const filter = { entity, entityId: id };
  const {
    data = [],
    total = 0,
    isPending,
    error,
  } = useGetList<AuditEvent>('audit-events', {
    filter,
    sort: { field: 'at', order: 'DESC' },
    pagination: { page: 1, perPage: PAGE },
  });
  const all = `${createPath({ resource: 'audit-events', type: 'list' })}?${buildQuery({ filter: JSON.stringify(filter) })}`;

  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardHeader
        avatar={<HistoryIcon color="action" />}
        title={translate('app.audit.history')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={total > PAGE ? <Link to={all}>{translate('app.audit.see_all', { total })}</Link> : undefined}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Typography color="text.secondary">{translate('app.loading')}</Typography>
        ) : error ? (
          <Typography color="error">{error.message}</Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.audit.none')}</Typography>
        ) : (
          <ScrollBox label={translate('app.audit.history')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.audit.at')}</TableCell>
                  <TableCell>{translate('app.audit.user')}</TableCell>
                  <TableCell>{translate('app.audit.role')}</TableCell>
                  <TableCell>{translate('app.audit.action')}</TableCell>
                  <TableCell>{translate('app.audit.changes')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</TableCell>
                    <TableCell>{event.actorName ?? '—'}</TableCell>
                    <TableCell>{event.actorRole ? roleLabel(event.actorRole) : ''}</TableCell>
                    <TableCell>{actionLabel(event.action)}</TableCell>
                    <TableCell>
                      <Changes event={event} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
        )}
      </CardContent>
    </Card>
  );
};
