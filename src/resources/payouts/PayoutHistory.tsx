import type { ReactNode } from 'react';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees, snakeToTitle } from '../../../domain/format';
import type { PayinCallback } from '../payins/types';
import { PayoutStatusChip } from './PayoutCells';
import type { PayoutDetail } from './types';

const t_ = (key: string) => `resources.payouts.show.${key}`;

/** A titled card holding a small table, or a line saying there is nothing yet. */
const Section = ({ title, head, rows }: { title: string; head: string[]; rows: ReactNode[][] }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(t_(title))}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{translate(t_('none'))}</Typography>
        ) : (
          <Table size="small" aria-label={translate(t_(title))}>
            <TableHead>
              <TableRow>
                {head.map((key) => (
                  <TableCell key={key}>{translate(t_(key))}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((cells, i) => (
                <TableRow key={i}>
                  {cells.map((cell, j) => (
                    <TableCell key={j}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

const action = (value: string) => snakeToTitle(value.replace(/[-.]/g, '_'));

const CallbackHeading = ({ callback }: { callback: PayinCallback }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {callback.type} · {translate(`resources.payouts.callback.${callback.state}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {callback.url}
      </Typography>
    </Box>
  );
};

/** What happened to a pay-out: its timeline, its journal lines, the callbacks sent and the provider's answers. */
export const PayoutHistory = () => {
  const r = useRecordContext<PayoutDetail>();
  const translate = useTranslate();
  if (!r) return null;
  const timeline = (r.timeline ?? []).map((s) => [
    formatDateTime(s.at),
    action(s.action),
    s.status ? <PayoutStatusChip status={s.status} reason={s.reason} /> : '—',
    s.actor,
  ]);
  const journal = (r.journal ?? []).map((line) => [
    formatDateTime(line.at),
    action(line.kind),
    line.account,
    line.amount > 0 ? formatRupees(line.amount) : '',
    line.amount < 0 ? formatRupees(-line.amount) : '',
  ]);
  const attempts = (r.callbacks ?? []).flatMap((callback) => [
    [<CallbackHeading key="callback" callback={callback} />, '', '', ''],
    ...(callback.attempts.length === 0
      ? [[translate(t_('no_attempts')), '', '', '']]
      : callback.attempts.map((a) => [formatDateTime(a.at), a.statusCode ?? '—', `${a.durationMs} ms`, a.error ?? ''])),
  ]);
  const calls = (r.providerCalls ?? []).map((c) => [
    formatDateTime(c.at),
    `${snakeToTitle(c.provider)} · ${snakeToTitle(c.kind)}`,
    c.outcome,
    c.clientRefId,
    c.tid ?? '—',
    c.httpStatus ?? '—',
    c.txStatus ?? '—',
    c.message ?? '',
  ]);
  return (
    <>
      <Section title="timeline" head={['at', 'action', 'status', 'actor']} rows={timeline} />
      <Section title="journal" head={['at', 'kind', 'account', 'debit', 'credit']} rows={journal} />
      <Section title="callbacks" head={['at', 'status_code', 'duration', 'error']} rows={attempts} />
      <Section
        title="provider_calls"
        head={['at', 'call', 'outcome', 'client_ref_id', 'tid', 'status_code', 'tx_status', 'message']}
        rows={calls}
      />
    </>
  );
};
