import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEvent } from './types';

const Json = ({ title, value }: { title: string; value: unknown }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="subtitle2" component="h3">
      {title}
    </Typography>
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 12,
        overflowX: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </Box>
  </Box>
);

/** The record before and after the change, side by side. */
export const AuditEventPanel = () => {
  const record = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, py: 1 }}>
      <Json title={translate('resources.audit-events.fields.before')} value={record.before} />
      <Json title={translate('resources.audit-events.fields.after')} value={record.after} />
    </Box>
  );
};
