import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { vendorPosition } from '../../../domain/settlement';
import type { Vendor } from './types';

export const POSITION_KEY = {
  'vendor owes the gateway': 'owes',
  'gateway owes the vendor': 'owed',
  settled: 'settled',
} as const;

/** Who owes whom, in words: "VEN-ALPHA owes the gateway ₹X", "The gateway owes VEN-ALPHA ₹X" or "Settled". */
export const VendorPosition = () => {
  const record = useRecordContext<Vendor>();
  const translate = useTranslate();
  if (!record) return null;
  const key = POSITION_KEY[vendorPosition(record.balance)];
  return (
    <Typography variant="body2" component="span" color={key === 'settled' ? 'text.secondary' : 'text.primary'}>
      {translate(`resources.vendor.position.${key}`, {
        code: record.code,
        amount: formatRupees(Math.abs(record.balance)),
      })}
    </Typography>
  );
};

/** Bank entries on the vendor's accounts that nothing used yet: not in the balance. */
export const VendorUnmatched = () => {
  const record = useRecordContext<Vendor>();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span" color={record.unmatched > 0 ? 'warning.main' : 'text.secondary'}>
      {formatRupees(record.unmatched)}
    </Typography>
  );
};
