import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ProviderEventOutcome } from '../../../domain/providers';
import type { ProviderEvent } from './types';

const COLOURS: Record<ProviderEventOutcome, 'success' | 'default' | 'info' | 'error' | 'warning'> = {
  applied: 'success',
  duplicate: 'default',
  ignored: 'info',
  rejected: 'error',
  failed: 'warning',
};

/** How the event ended, coloured; its detail on the show page. */
export const OutcomeChip = () => {
  const record = useRecordContext<ProviderEvent>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={COLOURS[record.outcome]}
      label={translate(`resources.provider-events.outcomes.${record.outcome}`)}
    />
  );
};
