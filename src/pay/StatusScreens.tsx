import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { usePayText } from './i18n';
import { Line, Notice } from './Notice';
import { ReturnToMerchant } from './ReturnToMerchant';
import { Button } from './ui';

const Amount = ({ amount }: { amount: number | null }) =>
  amount !== null && <p className="h4">{formatRupees(amount)}</p>;

export const NotValidScreen = () => {
  const t = usePayText();
  return (
    <Notice icon="broken" tone="error" title={t('screens.not_valid')}>
      <Line>{t('screens.not_valid_text')}</Line>
    </Notice>
  );
};

export const OfflineScreen = ({ message, onRetry }: { message: string; onRetry: () => void }) => {
  const t = usePayText();
  return (
    <Notice icon="offline" tone="warning" title={t('screens.offline')}>
      <Line>{message}</Line>
      <Button onClick={onRetry}>{t('screens.retry')}</Button>
    </Notice>
  );
};

export const ExpiredScreen = ({ view }: { view: PayView }) => {
  const t = usePayText();
  const name = view.merchantName;
  return (
    <Notice icon="expired" tone="error" title={t('screens.expired')}>
      <Line>{t('screens.expired_text', { name })}</Line>
      <Line>{`${t('screens.expired_paid', { name })} ${t('screens.utr_is')}`}</Line>
    </Notice>
  );
};

export const SuccessScreen = ({ view, redirect }: { view: PayView; redirect: (url: string) => void }) => {
  const t = usePayText();
  return (
    <Notice icon="success" tone="success" title={t('screens.success')}>
      <Amount amount={view.amount} />
      <Line>{t('screens.success_text', { name: view.merchantName })}</Line>
      {view.returnUrl && <ReturnToMerchant url={view.returnUrl} merchantName={view.merchantName} redirect={redirect} />}
    </Notice>
  );
};

export const CheckingScreen = ({ view }: { view: PayView }) => {
  const t = usePayText();
  const name = view.merchantName;
  return (
    <Notice icon="checking" tone="warning" title={t('screens.checking')}>
      <Line>
        {view.shortCode
          ? t('screens.checking_text_code', { name, code: view.shortCode })
          : t('screens.checking_text', { name })}
      </Line>
      <Line>{`${t('screens.checking_keep', { name })} ${t('screens.utr_is')} ${t('screens.no_pay_again')}`}</Line>
    </Notice>
  );
};

export const WaitingScreen = ({ view }: { view: PayView }) => {
  const t = usePayText();
  const byScreenshot = view.screenshotSubmitted && !view.utrSubmitted;
  return (
    <Notice icon="waiting" tone="info" title={t('screens.waiting')}>
      <Amount amount={view.amount} />
      <Line>{`${t(byScreenshot ? 'screens.waiting_screenshot' : 'screens.waiting_utr')} ${t('screens.no_pay_again')}`}</Line>
    </Notice>
  );
};
