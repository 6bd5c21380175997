import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEvent } from './types';
import { JsonBlock } from '../shared/JsonBlock';

/** The record before and after the change, side by side. */
export const AuditEventPanel = () => {
  const record = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, py: 1 }}>
      <JsonBlock title={translate('resources.audit-events.fields.before')} value={record.before} />
      <JsonBlock title={translate('resources.audit-events.fields.after')} value={record.after} />
    </Box>
  );
};
