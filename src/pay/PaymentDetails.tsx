import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { CopyRow } from './CopyButton';
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

export const UpiDetails = ({ bank, amount }: { bank: Bank; amount: number | null }) => (
  <Section title="Pay by UPI">
    {bank.upiLink && (
      <>
        <Typography variant="body2" color="text.secondary">
          Scan with any UPI app (GPay, PhonePe, Paytm, BHIM…). The amount and the code are filled in for you.
        </Typography>
        <UpiQr link={bank.upiLink} label={`UPI QR code to pay ${formatRupees(amount)} to ${bank.payeeName}`} />
        <Button variant="outlined" href={bank.upiLink} sx={{ display: { sm: 'none' } }}>
          Open a UPI app on this phone
        </Button>
      </>
    )}
    {bank.upiId && (
      <Box component="dl" sx={{ m: 0 }}>
        <CopyRow label="UPI ID" value={bank.upiId} mono />
      </Box>
    )}
  </Section>
);

export const BankTransferDetails = ({ bank }: { bank: Bank }) => {
  const rows = [
    { label: 'Account holder', value: bank.holderName ?? bank.payeeName },
    { label: 'Bank', value: bank.bankName },
    { label: 'Account number', value: bank.accountNumber, mono: true },
    { label: 'IFSC', value: bank.ifsc, mono: true },
  ];
  return (
    <Section title="Pay by bank transfer (IMPS / NEFT)">
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
