import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { Countdown } from './Countdown';
import { usePayText } from './i18n';
import { PaymentTabs } from './PaymentTabs';
import { ShortCode } from './ShortCode';
import type { PayActions } from './usePayin';

/** ASSIGNED: what to pay, where (or through which provider), with which code, before when; then the proof of payment. */
export const AssignedStep = ({
  view,
  actions,
  clockOffset,
  onExpire,
}: {
  view: PayView;
  actions: PayActions;
  clockOffset: number;
  onExpire: () => void;
}) => {
  const t = usePayText();
  return (
    <div className="stack gap-xl">
      <div className="stack gap-sm">
        <h1 className="h5">{t('amount.title', { name: view.merchantName })}</h1>
        <p className="h3">{formatRupees(view.amount)}</p>
        <Countdown expiresAt={view.expiresAt} clockOffset={clockOffset} onExpire={onExpire} />
      </div>
      {view.shortCode && <ShortCode code={view.shortCode} />}
      <PaymentTabs view={view} actions={actions} />
    </div>
  );
};
