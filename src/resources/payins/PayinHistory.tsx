import type { ReactNode } from 'react';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees, snakeToTitle } from '../../../domain/format';
import { StatusChip } from './PayinCells';
import type { PayinCallback, PayinDetail } from './types';

/** A titled card holding a small table, or a line saying there is nothing yet. */
const Section = ({ title, head, rows }: { title: string; head: string[]; rows: ReactNode[][] }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.payins.show.${key}`);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t(title)}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('none')}</Typography>
        ) : (
          <Table size="small" aria-label={t(title)}>
            <TableHead>
              <TableRow>
                {head.map((key) => (
                  <TableCell key={key}>{t(key)}</TableCell>
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

const action = (value: string) => snakeToTitle(value.replace(/-/g, '_'));

const CallbackRows = ({ callback }: { callback: PayinCallback }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {action(callback.type)} · {translate(`resources.payins.callback.${callback.state}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {callback.url}
      </Typography>
    </Box>
  );
};

/** What happened to a pay-in: its timeline, the journal lines it posted and the callbacks sent about it. */
export const PayinHistory = () => {
  const r = useRecordContext<PayinDetail>();
  const translate = useTranslate();
  if (!r) return null;
  const timeline = (r.timeline ?? []).map((s) => [
    formatDateTime(s.at),
    action(s.action),
    s.status ? <StatusChip status={s.status} reason={s.reason} /> : '—',
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
    [<CallbackRows key="callback" callback={callback} />, '', '', ''],
    ...(callback.attempts.length === 0
      ? [[translate('resources.payins.show.no_attempts'), '', '', '']]
      : callback.attempts.map((a) => [formatDateTime(a.at), a.statusCode ?? '—', `${a.durationMs} ms`, a.error ?? ''])),
  ]);
  return (
    <>
      <Section title="timeline" head={['at', 'action', 'status', 'actor']} rows={timeline} />
      <Section title="journal" head={['at', 'kind', 'account', 'debit', 'credit']} rows={journal} />
      <Section title="callbacks" head={['at', 'status_code', 'duration', 'error']} rows={attempts} />
    </>
  );
};
