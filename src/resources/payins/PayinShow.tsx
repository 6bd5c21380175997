import type { ReactNode } from 'react';
import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRecordTitle } from '../../notifications';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { chargeable } from '../../../domain/lien';
import { CallbackBell } from './CallbackBell';
import { CopyableText, StatusCell } from './PayinCells';
import { PayinHistory } from './PayinHistory';
import { ProviderPayment } from './ProviderPayment';
import { NewLienButton } from '../liens/NewLienButton';
import { PayinLinks } from './PayinLinks';
import { ReopenButton } from './ReopenButton';
import { ScreenshotButton } from './ScreenshotButton';
import { SetSuccessButton } from './SetSuccessButton';
import type { PayinDetail } from './types';
import { usePayinAccess } from './usePayinAccess';

/** Back where the user came from (a list with its filters, a search), or to All deposits when opened directly. */
const BackButton = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromConsole = location.key !== 'default';
  return (
    <Button
      label="resources.payins.show.back"
      onClick={() => (cameFromConsole ? navigate(-1) : navigate('/app/deposit/all'))}
      sx={{ mr: 'auto' }}
    >
      <ArrowBackIcon />
    </Button>
  );
};

/** "Raise chargeback": a successful, real pay-in without one, the form filled from it (issue 31, item 9). */
const RaiseChargeback = () => {
  const r = useRecordContext<PayinDetail>();
  if (!r || !chargeable(r) || !r.links || r.links.chargeback) return null;
  if (!r.merchantCode || !r.merchantOrderId || !r.customerId || r.confirmedAmount === null) return null;
  return (
    <NewLienButton
      from={{
        merchantCode: r.merchantCode,
        merchantOrderId: r.merchantOrderId,
        customerId: r.customerId,
        confirmedAmount: r.confirmedAmount,
      }}
    />
  );
};

const Actions = () => (
  <TopToolbar sx={{ width: '100%' }}>
    <BackButton />
    <ScreenshotButton />
    <SetSuccessButton />
    <ReopenButton />
    <RaiseChargeback />
  </TopToolbar>
);

/** The top bar's title names the deposit: the order id a merchant quotes, or the code a vendor does. */
const Title = () => {
  const r = useRecordContext<PayinDetail>();
  const translate = useTranslate();
  const order = r?.merchantOrderId ?? r?.shortCode;
  useRecordTitle(order ? translate('resources.payins.show.title', { order }) : null);
  return null;
};

type Field = [id: string, value: ReactNode];

const Details = () => {
  const r = useRecordContext<PayinDetail>();
  const translate = useTranslate();
  const { seesShortCode, seesMerchants } = usePayinAccess();
  if (!r) return null;
  const money = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatRupees(n));
  const fields: Field[] = [
    ['id', r.id],
    ...(seesShortCode ? [['shortCode', r.shortCode] as Field] : []),
    ['status', <StatusCell key="status" />],
    ['reason', r.reason ?? '—'],
    ['amount', money(r.amount)],
    ['confirmedAmount', money(r.confirmedAmount)],
    ...(seesMerchants
      ? ([
          ['fee', money(r.fee)],
          ['merchantCode', r.merchantCode ?? '—'],
          ['merchantOrderId', <CopyableText key="order" value={r.merchantOrderId} />],
          ['customerId', r.customerId ?? '—'],
        ] as Field[])
      : []),
    ['submittedUtr', r.submittedUtr ?? '—'],
    ['utr', r.utr ?? '—'],
    ['source', r.source],
    ...(r.source !== 'Manual' || r.providerPaymentId
      ? ([['providerPaymentId', <ProviderPayment key="provider" />]] as Field[])
      : []),
    ['bankNickname', r.bankNickname ?? '—'],
    ['hasScreenshot', translate(r.hasScreenshot ? 'ra.boolean.true' : 'ra.boolean.false')],
    ['callback', <CallbackBell key="callback" />],
    ['test', translate(r.test ? 'ra.boolean.true' : 'ra.boolean.false')],
    ['createdAt', formatDateTime(r.createdAt)],
    ['updatedAt', formatDateTime(r.updatedAt)],
    ['expiresAt', formatDateTime(r.expiresAt)],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('resources.payins.show.details')}
        </Typography>
        <Grid container spacing={2}>
          {fields.map(([id, value]) => (
            <Grid key={id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled label={`resources.payins.fields.${id}`}>
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

/** One pay-in: every field, then what happened to it, its journal lines and its callbacks. */
export const PayinShow = () => (
  <Show actions={<Actions />} component="div">
    <Title />
    <Details />
    <PayinLinks />
    <PayinHistory />
  </Show>
);
