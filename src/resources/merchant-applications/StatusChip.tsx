import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { ApplicationStatus } from '../../../domain/merchant-application';
import { useStatusLabel } from '../../i18n/codeLabels';
import type { MerchantApplication } from './types';

const COLORS: Record<ApplicationStatus, 'warning' | 'success' | 'default'> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'default',
};

export const StatusChip = () => {
  const record = useRecordContext<MerchantApplication>();
  const label = useStatusLabel();
  if (!record) return null;
  return <Chip size="small" color={COLORS[record.status] ?? 'default'} label={label(record.status)} />;
};
