import type { ReactNode } from 'react';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { CopyRow } from './CopyButton';
import { usePayText } from './i18n';
import { Button } from './ui';
import { UpiQr } from './UpiQr';

type Bank = NonNullable<PayView['bank']>;
/** Where the QR image of a UPI link is drawn. */
type QrOf = (link: string) => string;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="stack gap-md" aria-label={title}>
    <h2 className="h6">{title}</h2>
    {children}
  </section>
);

export const UpiDetails = ({ bank, amount, qrOf }: { bank: Bank; amount: number | null; qrOf: QrOf }) => {
  const t = usePayText();
  return (
    <Section title={t('details.upi_title')}>
      {bank.upiLink && (
        <>
          <p className="secondary small">{t('details.scan')}</p>
          <UpiQr
            src={qrOf(bank.upiLink)}
            label={t('details.qr', { amount: formatRupees(amount), payee: bank.payeeName })}
          />
          <Button variant="outlined" href={bank.upiLink} className="phone-only">
            {t('details.open_app')}
          </Button>
        </>
      )}
      {bank.upiId && (
        <dl>
          <CopyRow label={t('details.upi_id')} value={bank.upiId} mono />
        </dl>
      )}
    </Section>
  );
};

export const BankTransferDetails = ({ bank }: { bank: Bank }) => {
  const t = usePayText();
  const rows = [
    { label: t('details.holder'), value: bank.holderName ?? bank.payeeName },
    { label: t('details.bank'), value: bank.bankName },
    { label: t('details.account'), value: bank.accountNumber, mono: true },
    { label: t('details.ifsc'), value: bank.ifsc, mono: true },
  ];
  return (
    <Section title={t('details.bank_title')}>
      <dl className="stack gap-sm">
        {rows.map(
          (row) => row.value && <CopyRow key={row.label} label={row.label} value={row.value} mono={row.mono} />,
        )}
      </dl>
    </Section>
  );
};

export const offersUpi = (bank: Bank) => Boolean(bank.upiLink || bank.upiId);
export const offersBankTransfer = (bank: Bank) => Boolean(bank.accountNumber && bank.ifsc);

/** Where to send the money: UPI (QR, deep link, UPI id) and bank transfer, whichever the account offers. */
export const PaymentDetails = ({ bank, amount, qrOf }: { bank: Bank; amount: number | null; qrOf: QrOf }) => (
  <>
    {offersUpi(bank) && <UpiDetails bank={bank} amount={amount} qrOf={qrOf} />}
    {offersBankTransfer(bank) && <BankTransferDetails bank={bank} />}
  </>
);
