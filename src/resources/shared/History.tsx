import type { ReactNode } from 'react';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { ScrollBox } from './ScrollBox';

/**
 * The pieces of a money record's history (pay-ins, pay-outs): a titled card holding a small table,
 * the journal lines as debit and credit, and the callbacks with their attempts. `prefix` names the
 * resource's `show` messages (`resources.payins.show`…).
 */
export const HistorySection = ({
  prefix,
  title,
  head,
  rows,
}: {
  prefix: string;
  title: string;
  head: string[];
  rows: ReactNode[][];
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`${prefix}.${key}`);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t(title)}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('none')}</Typography>
        ) : (
          <ScrollBox label={t(title)}>
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
          </ScrollBox>
        )}
      </CardContent>
    </Card>
  );
};

export const journalRows = (
  lines: { at: string; kind: string; account: string; amount: number }[],
  kindLabel: (kind: string) => string,
): ReactNode[][] =>
  lines.map((line) => [
    formatDateTime(line.at),
    kindLabel(line.kind),
    line.account,
    line.amount > 0 ? formatRupees(line.amount) : '',
    line.amount < 0 ? formatRupees(-line.amount) : '',
  ]);

interface Callback {
  type: string;
  state: string;
  url: string;
  attempts: { at: string; statusCode: number | null; durationMs: number; error: string | null }[];
}

/** Each callback as a heading row (type, state, URL) followed by its attempts, or a line saying none yet. */
export const callbackRows = (
  callbacks: readonly Callback[],
  o: { heading: (c: Callback) => string; noAttempts: string },
): ReactNode[][] =>
  callbacks.flatMap((callback) => [
    [
      <Box key="callback">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {o.heading(callback)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {callback.url}
        </Typography>
      </Box>,
      '',
      '',
      '',
    ],
    ...(callback.attempts.length === 0
      ? [[o.noAttempts, '', '', '']]
      : callback.attempts.map((a) => [formatDateTime(a.at), a.statusCode ?? '—', `${a.durationMs} ms`, a.error ?? ''])),
  ]);
