import type { ReactNode } from 'react';
import { EXPIRING_STATUSES, type PayinStatus } from '../../domain/payin';
import type { PayResult, PayView } from './api';
import { AmountStep } from './AmountStep';
import { AssignedStep } from './AssignedStep';
import { errorText, PayI18nProvider, usePayText } from './i18n';
import { PayFrame } from './PayFrame';
import { Spinner } from './ui';
import {
  CheckingScreen,
  ExpiredScreen,
  NotValidScreen,
  OfflineScreen,
  SuccessScreen,
  WaitingScreen,
} from './StatusScreens';
import { usePayin, type PayActions } from './usePayin';

interface StepProps {
  view: PayView;
  actions: PayActions;
  clockOffset: number;
  expire: () => void;
  redirect: (url: string) => void;
}

/** What the customer sees in each status of the pay-in. */
const SCREENS: Record<PayinStatus, (p: StepProps) => ReactNode> = {
  INITIATED: (p) => <AmountStep view={p.view} actions={p.actions} />,
  ASSIGNED: (p) => <AssignedStep view={p.view} actions={p.actions} clockOffset={p.clockOffset} onExpire={p.expire} />,
  PENDING: (p) => <WaitingScreen view={p.view} />,
  IMG_PENDING: (p) => <WaitingScreen view={p.view} />,
  DISPUTE: (p) => <CheckingScreen view={p.view} />,
  DUPLICATE: (p) => <CheckingScreen view={p.view} />,
  SUCCESS: (p) => <SuccessScreen view={p.view} redirect={p.redirect} />,
  DROPPED: (p) => <ExpiredScreen view={p.view} />,
};

const leave = (url: string) => window.location.assign(url);

/** The customer's pay page for the pay-in `id` (the only id it ever knows), in the browser's language. */
export const PayPage = ({
  id,
  redirect = leave,
  first,
}: {
  id: string;
  redirect?: (url: string) => void;
  /** The pay-in as the page came with it (api.ts `inlinedPay`). */
  first?: PayResult;
}) => (
  <PayI18nProvider>
    <PayContent id={id} redirect={redirect} first={first} />
  </PayI18nProvider>
);

const PayContent = ({ id, redirect, first }: { id: string; redirect: (url: string) => void; first?: PayResult }) => {
  const { load, expired, expire, clockOffset, retry, actions } = usePayin(id, first);
  const t = usePayText();
  if (load.kind === 'loading') {
    return (
      <PayFrame>
        <div className="loading">
          <Spinner label={t('loading')} />
        </div>
      </PayFrame>
    );
  }
  if (load.kind === 'not-found') {
    return (
      <PayFrame>
        <NotValidScreen />
      </PayFrame>
    );
  }
  if (load.kind === 'offline') {
    return (
      <PayFrame>
        <OfflineScreen message={errorText(t, load.error)} onRetry={retry} />
      </PayFrame>
    );
  }
  const { view } = load;
  const stillOpen = (EXPIRING_STATUSES as readonly PayinStatus[]).includes(view.status);
  return (
    <PayFrame merchantName={view.merchantName} test={view.test}>
      {expired && stillOpen ? (
        <ExpiredScreen view={view} />
      ) : (
        SCREENS[view.status]({ view, actions, clockOffset, expire, redirect })
      )}
    </PayFrame>
  );
};
