import type { ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/format';
import { PROVIDER_LABEL } from '../../../domain/providers';
import { OutcomeChip } from './OutcomeChip';
import { PayinLink } from './PayinLink';
import { ReplayButton } from './ReplayButton';
import type { ProviderEventDetail } from './types';
import { VerifiedText } from './VerifiedText';
import { JsonBlock } from '../shared/JsonBlock';

const Details = () => {
  const r = useRecordContext<ProviderEventDetail>();
  const translate = useTranslate();
  if (!r) return null;
  const fields: [string, ReactNode][] = [
    ['provider', PROVIDER_LABEL[r.provider]],
    ['eventType', r.eventType ?? '—'],
    ['eventId', r.eventId ?? '—'],
    ['verified', <VerifiedText key="verified" />],
    ['outcome', <OutcomeChip key="outcome" />],
    ['detail', r.detail ?? '—'],
    ['payinId', r.payinId ? <PayinLink key="payin" /> : '—'],
    ['paymentId', r.paymentId ?? '—'],
    ['attempts', String(r.attempts)],
    ['receivedAt', formatDateTime(r.receivedAt)],
    ['appliedAt', r.appliedAt ? formatDateTime(r.appliedAt) : '—'],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Grid container spacing={2}>
          {fields.map(([id, value]) => (
            <Grid key={id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled label={`resources.provider-events.fields.${id}`}>
                {typeof value === 'string' ? <Typography variant="body2">{value}</Typography> : <span>{value}</span>}
              </Labeled>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 2 }}>
          <JsonBlock title={translate('resources.provider-events.fields.body')} value={r.body} />
          <JsonBlock title={translate('resources.provider-events.fields.headers')} value={r.headers} />
        </Box>
      </CardContent>
    </Card>
  );
};

/** One webhook: how it ended, the pay-in it named, and the body and headers as received. */
export const ProviderEventShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ReplayButton />
      </TopToolbar>
    }
    component="div"
  >
    <Details />
  </Show>
);
