import { Card, CardContent, Grid, Typography } from '@mui/material';
import { Labeled, Show, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees, snakeToTitle } from '../../../domain/format';
import { HistorySection, journalRows } from '../shared/History';
import { formatDay } from './LienList';
import type { LienDetail } from './types';

const prefix = 'resources.lien.show';
const kindLabel = (value: string) => snakeToTitle(value.replace(/[-.]/g, '_'));

const Details = () => {
  const r = useRecordContext<LienDetail>();
  const translate = useTranslate();
  if (!r) return null;
  const fields: [string, string][] = [
    ['merchantCode', r.merchantCode],
    ['merchantOrderId', r.merchantOrderId],
    ['customerId', r.customerId],
    ['amount', formatRupees(r.amount)],
    ['receivedAt', formatDay(r.receivedAt)],
    ['reason', r.reason],
    ['createdByName', r.createdByName ?? '—'],
    ['createdAt', formatDateTime(r.createdAt)],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${prefix}.details`)}
        </Typography>
        <Grid container spacing={2}>
          {fields.map(([id, value]) => (
            <Grid key={id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled label={`resources.lien.fields.${id}`}>
                <Typography variant="body2">{value}</Typography>
              </Labeled>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
};

const Journal = () => {
  const r = useRecordContext<LienDetail>();
  if (!r) return null;
  return (
    <HistorySection
      prefix={prefix}
      title="journal"
      head={['at', 'kind', 'account', 'debit', 'credit']}
      rows={journalRows(r.journal ?? [], kindLabel)}
    />
  );
};

/** One chargeback: its fields and the journal lines that debited the merchant. */
export const LienShow = () => (
  <Show actions={false} component="div">
    <Details />
    <Journal />
  </Show>
);
