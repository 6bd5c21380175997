import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import {
  BooleanField,
  Labeled,
  Show,
  TextField,
  UrlField,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { AuditHistory } from '../shared/AuditHistory';
import { formatPercent, formatRange } from './merchantFormat';
import { MerchantShowActions } from './MerchantShowActions';
import { MerchantLinks } from './MerchantLinks';
import type { Merchant } from './types';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </CardContent>
  </Card>
);

/** A value with its field label, for values computed from the record. */
const Value = ({ source, children }: { source: string; children: ReactNode }) => (
  <Labeled source={source} label={`resources.merchant.fields.${source}`}>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Labeled>
);

const MerchantDetails = () => {
  const record = useRecordContext<Merchant>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const t = (key: string) => translate(`resources.merchant.sections.${key}`);
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {record.code} · {record.name}
        </Typography>
        <Chip
          size="small"
          color={record.enabled ? 'success' : 'default'}
          label={translate(
            `resources.merchant.status.${record.enabled ? 'enabled' : record.suspendedByStaff ? 'suspended' : 'disabled'}`,
          )}
        />
        {record.testMode && (
          <Chip size="small" color="warning" label={translate('resources.merchant.fields.testMode')} />
        )}
      </Stack>
      <Section title={t('merchant')}>
        <Labeled>
          <TextField source="code" />
        </Labeled>
        <Labeled>
          <TextField source="name" />
        </Labeled>
        <Value source="parentCode">
          {record.parentId ? (
            <MuiLink component={Link} to={createPath({ resource: 'merchant', type: 'show', id: record.parentId })}>
              {record.parentCode}
            </MuiLink>
          ) : (
            '—'
          )}
        </Value>
        <Labeled>
          <TextField source="apiKeyPrefix" sx={{ fontFamily: 'monospace' }} />
        </Labeled>
        <Labeled>
          <BooleanField source="testMode" />
        </Labeled>
        <Labeled>
          <BooleanField source="disputesAllowed" />
        </Labeled>
        <Value source="createdAt">{formatDateTime(record.createdAt)}</Value>
      </Section>
      <Section title={t('money')}>
        <Value source="netBalance">
          {formatRupees(record.balance)}
          {(record.subMerchants?.length ?? 0) > 0 && (
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('resources.merchant.hints.withSubMerchants')}
            </Typography>
          )}
        </Value>
        <Value source="held">{formatRupees(record.held)}</Value>
        <Value source="available">{formatRupees(record.available)}</Value>
      </Section>
      <Section title={t('addresses')}>
        <Labeled>
          <UrlField source="siteUrl" target="_blank" rel="noreferrer" />
        </Labeled>
        <Labeled>
          <UrlField source="returnUrl" emptyText="—" target="_blank" rel="noreferrer" />
        </Labeled>
        <Labeled>
          <TextField source="payinCallbackUrl" emptyText="—" sx={{ wordBreak: 'break-all' }} />
        </Labeled>
        <Labeled>
          <TextField source="payoutCallbackUrl" emptyText="—" sx={{ wordBreak: 'break-all' }} />
        </Labeled>
      </Section>
      <Section title={t('limits')}>
        <Value source="payinRange">{formatRange(record.minPayin, record.maxPayin)}</Value>
        <Value source="payinFeePercent">{formatPercent(record.payinFeePercent)}</Value>
        <Value source="payoutRange">{formatRange(record.minPayout, record.maxPayout)}</Value>
        <Value source="payoutFeePercent">{formatPercent(record.payoutFeePercent)}</Value>
      </Section>
      <MerchantLinks />
      <AuditHistory entity="merchants" id={record.id} />
    </Box>
  );
};

/** One merchant: its details, sub-merchants, bank accounts and history. */
export const MerchantShow = () => (
  <Show actions={<MerchantShowActions />} component="div">
    <MerchantDetails />
  </Show>
);
