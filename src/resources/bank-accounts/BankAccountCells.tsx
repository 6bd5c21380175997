import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { BankAccount } from './types';

/** Lines of a cell: the first in the body text, the others quieter. */
const Lines = ({ lines }: { lines: (string | null)[] }) => (
  <Box>
    {lines.map((line, i) => (
      <Typography
        key={i}
        variant={i === 0 ? 'body2' : 'caption'}
        color={i === 0 ? 'text.primary' : 'text.secondary'}
        sx={{ display: 'block', whiteSpace: 'nowrap' }}
      >
        {line}
      </Typography>
    ))}
  </Box>
);

export const BankDetails = () => {
  const r = useRecordContext<BankAccount>();
  return r ? <Lines lines={[r.bankName, r.holderName, [r.accountNumber, r.ifsc].filter(Boolean).join(' · ')]} /> : null;
};

export const Limits = () => {
  const r = useRecordContext<BankAccount>();
  return r ? <Lines lines={[`${formatRupees(r.minPayin)} –`, formatRupees(r.maxPayin)]} /> : null;
};

/** A long UPI id breaks before its @, not in the middle of a name. */
export const UpiId = () => {
  const r = useRecordContext<BankAccount>();
  if (!r?.upiId) return null;
  const at = r.upiId.indexOf('@');
  return (
    <Typography variant="body2">
      {r.upiId.slice(0, at)}
      <wbr />
      {r.upiId.slice(at)}
    </Typography>
  );
};

export const CreatedAt = () => {
  const r = useRecordContext<BankAccount>();
  return r ? <Lines lines={formatDateTime(r.createdAt).split(' at ')} /> : null;
};

/** "Awaiting approval" stands out; an approved account or one that needs none says so quietly. */
export const Approval = () => {
  const r = useRecordContext<BankAccount>();
  const translate = useTranslate();
  if (!r) return null;
  const label = translate(`resources.bank-accounts.approval.${r.approval}`);
  return r.approval === 'AWAITING_APPROVAL' ? (
    <Chip label={label} size="small" color="warning" variant="outlined" />
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </Typography>
  );
};
