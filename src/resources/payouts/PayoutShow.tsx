import type { ReactNode } from 'react';
import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees, snakeToTitle } from '../../../domain/format';
import { CopyableText } from '../payins/PayinCells';
import { PayoutRowActions } from './payoutColumns';
import { BankDetailsCell, PayoutStatusCell } from './PayoutCells';
import { PayoutHistory } from './PayoutHistory';
import type { PayoutDetail } from './types';
import { usePayoutAccess } from './usePayoutAccess';

const Actions = () => (
  <TopToolbar>
    <PayoutRowActions />
  </TopToolbar>
);

type Field = [id: string, value: ReactNode];

const Details = () => {
  const r = useRecordContext<PayoutDetail>();
  const translate = useTranslate();
  const { seesMerchants, staff } = usePayoutAccess();
  if (!r) return null;
  const fields: Field[] = [
    ['id', <CopyableText key="id" value={r.id} />],
    ['status', <PayoutStatusCell key="status" />],
    ['reason', r.reason ?? '—'],
    ['amount', formatRupees(r.amount)],
    ...(seesMerchants
      ? ([
          ['fee', formatRupees(r.fee)],
          ['merchantCode', r.merchantCode ?? '—'],
          ['merchantOrderId', <CopyableText key="order" value={r.merchantOrderId} />],
        ] as Field[])
      : []),
    ['customerId', r.customerId],
    ...(staff ? ([['vendorCode', r.vendorCode ?? '—']] as Field[]) : []),
    ['bankDetails', <BankDetailsCell key="bank" />],
    ['utr', r.utr ?? '—'],
    ['method', r.method ? translate(`resources.payouts.methods.${r.method}`, { _: snakeToTitle(r.method) }) : '—'],
    ['bankNickname', r.bankNickname ?? '—'],
    ['test', translate(r.test ? 'ra.boolean.true' : 'ra.boolean.false')],
    ['createdAt', formatDateTime(r.createdAt)],
    ['updatedAt', formatDateTime(r.updatedAt)],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('resources.payouts.show.details')}
        </Typography>
        <Grid container spacing={2}>
          {fields.map(([id, value]) => (
            <Grid key={id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled label={`resources.payouts.fields.${id}`}>
                <Stack direction="row">
                  {typeof value === 'string' ? <Typography variant="body2">{value}</Typography> : value}
                </Stack>
              </Labeled>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
};

/** One pay-out: every field, its actions, then what happened to it. */
export const PayoutShow = () => (
  <Show actions={<Actions />} component="div">
    <Details />
    <PayoutHistory />
  </Show>
);
