import { Button, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { Line, Notice } from './Notice';
import { ReturnToMerchant } from './ReturnToMerchant';

const UTR_IS = 'The UTR is the 12-digit bank reference your UPI or bank app shows for the payment.';

export const NotValidScreen = () => (
  <Notice icon={<LinkOffIcon />} tone="error" title="This payment link is not valid">
    <Line>Check that the link is complete, or go back to the shop and start the payment again.</Line>
  </Notice>
);

export const OfflineScreen = ({ message, onRetry }: { message: string; onRetry: () => void }) => (
  <Notice icon={<CloudOffIcon />} tone="warning" title="We could not load this payment">
    <Line>{message}</Line>
    <Button variant="contained" onClick={onRetry}>
      Try again
    </Button>
  </Notice>
);

export const ExpiredScreen = ({ view }: { view: PayView }) => (
  <Notice icon={<TimerOffIcon />} tone="error" title="This payment link has expired">
    <Line>Go back to {view.merchantName} and start a new payment.</Line>
    <Line>
      If you already paid with this link, keep your payment&apos;s UTR and share it with {view.merchantName}. {UTR_IS}
    </Line>
  </Notice>
);

export const SuccessScreen = ({ view, redirect }: { view: PayView; redirect: (url: string) => void }) => (
  <Notice icon={<CheckCircleIcon />} tone="success" title="Payment received">
    {view.amount !== null && (
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {formatRupees(view.amount)}
      </Typography>
    )}
    <Line>{view.merchantName} has your payment. You can close this page.</Line>
    {view.returnUrl && <ReturnToMerchant url={view.returnUrl} merchantName={view.merchantName} redirect={redirect} />}
  </Notice>
);

export const CheckingScreen = ({ view }: { view: PayView }) => (
  <Notice icon={<ManageSearchIcon />} tone="warning" title="We are checking your payment">
    <Line>
      Your payment needs a check by hand before {view.merchantName} receives it
      {view.shortCode ? ` (payment code ${view.shortCode})` : ''}.
    </Line>
    <Line>
      Keep your payment&apos;s UTR and share it with {view.merchantName} if they ask. {UTR_IS} Please do not pay again.
    </Line>
  </Notice>
);

export const WaitingScreen = ({ view }: { view: PayView }) => (
  <Notice icon={<HourglassTopIcon />} tone="info" title="Waiting for the bank to confirm">
    {view.amount !== null && (
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {formatRupees(view.amount)}
      </Typography>
    )}
    <Line>
      We have your {view.screenshotSubmitted && !view.utrSubmitted ? 'screenshot' : 'UTR'}. This usually takes a few
      minutes; this page updates by itself. Please do not pay again.
    </Line>
  </Notice>
);
