import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { CopyRow } from './CopyButton';
import { usePayText } from './i18n';
import { UpiQr } from './UpiQr';

type Bank = NonNullable<PayView['bank']>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack component="section" spacing={1.5} aria-label={title}>
    <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    {children}
  </Stack>
);

export const UpiDetails = ({ bank, amount }: { bank: Bank; amount: number | null }) => {
  const t = usePayText();
  return (
    <Section title={t('details.upi_title')}>
      {bank.upiLink && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('details.scan')}
          </Typography>
          <UpiQr link={bank.upiLink} label={t('details.qr', { amount: formatRupees(amount), payee: bank.payeeName })} />
          <Button variant="outlined" href={bank.upiLink} sx={{ display: { sm: 'none' } }}>
            {t('details.open_app')}
          </Button>
        </>
      )}
      {bank.upiId && (
        <Box component="dl" sx={{ m: 0 }}>
          <CopyRow label={t('details.upi_id')} value={bank.upiId} mono />
        </Box>
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
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {rows.map(
          (row) => row.value && <CopyRow key={row.label} label={row.label} value={row.value} mono={row.mono} />,
        )}
      </Stack>
    </Section>
  );
};

export const offersUpi = (bank: Bank) => Boolean(bank.upiLink || bank.upiId);
export const offersBankTransfer = (bank: Bank) => Boolean(bank.accountNumber && bank.ifsc);

/** Where to send the money: UPI (QR, deep link, UPI id) and bank transfer, whichever the account offers. */
export const PaymentDetails = ({ bank, amount }: { bank: Bank; amount: number | null }) => (
  <>
    {offersUpi(bank) && <UpiDetails bank={bank} amount={amount} />}
    {offersBankTransfer(bank) && <BankTransferDetails bank={bank} />}
  </>
);
