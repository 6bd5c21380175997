import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Payout } from './types';

/** Who is paid, in every approve dialog: the account (holder, number, IFSC, bank) or the UPI id. */
export const Beneficiary = ({ record }: { record: Payout }) => {
  const translate = useTranslate();
  const lines = record.upiId
    ? [record.accountHolder, record.upiId]
    : [record.accountHolder, record.accountNumber && `A/c ${record.accountNumber}`, record.ifsc, record.bankName];
  return (
    <Box sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="beneficiary">
      <Typography variant="caption" color="text.secondary">
        {translate('resources.payouts.beneficiary')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {lines.filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
};
