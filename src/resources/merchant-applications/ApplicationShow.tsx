import { useState } from 'react';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CloseIcon from '@mui/icons-material/HighlightOff';
import { Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import {
  Button,
  EmailField,
  Labeled,
  Show,
  TextField,
  TopToolbar,
  UrlField,
  useCreatePath,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { canDo, screenOf } from '../../../domain/access';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { isReviewable } from '../../../domain/merchant-application';
import { useSession } from '../../session/SessionProvider';
import { ApiKeyDialog } from '../merchants/ApiKeyDialog';
import type { MerchantKeys } from '../merchants/types';
import { AuditHistory } from '../shared/AuditHistory';
import { ApproveDialog } from './ApproveDialog';
import { RejectDialog } from './RejectDialog';
import { StatusChip } from './StatusChip';
import type { MerchantApplication } from './types';

/** Approve and Reject while pending; the new key's dialog outlives the pending state (a refetch must not hide it). */
const Actions = () => {
  const record = useRecordContext<MerchantApplication>();
  const { role } = useSession();
  const refresh = useRefresh();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [keys, setKeys] = useState<MerchantKeys | null>(null);
  const reviewable = record && role && isReviewable(record.status) && canDo(role, 'merchant-applications', 'review');
  return (
    <TopToolbar>
      {reviewable && (
        <>
          <Button
            label="resources.merchant-applications.actions.approve"
            color="success"
            onClick={() => setOpen('approve')}
          >
            <CheckIcon />
          </Button>
          <Button
            label="resources.merchant-applications.actions.reject"
            color="error"
            onClick={() => setOpen('reject')}
          >
            <CloseIcon />
          </Button>
          <ApproveDialog
            application={record}
            open={open === 'approve'}
            onClose={() => setOpen(null)}
            onApproved={setKeys}
          />
          <RejectDialog application={record} open={open === 'reject'} onClose={() => setOpen(null)} />
        </>
      )}
      <ApiKeyDialog keys={keys} onClose={() => (setKeys(null), refresh())} />
    </TopToolbar>
  );
};

const Value = ({ source, text }: { source: string; text: string }) => (
  <Labeled source={source}>
    <Typography variant="body2">{text || '—'}</Typography>
  </Labeled>
);

const Details = () => {
  const record = useRecordContext<MerchantApplication>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {record.businessName}
            </Typography>
            <StatusChip />
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            <Labeled>
              <TextField source="contactName" />
            </Labeled>
            <Labeled>
              <EmailField source="email" />
            </Labeled>
            <Labeled>
              <TextField source="phone" />
            </Labeled>
            <Labeled>
              <UrlField source="website" target="_blank" rel="noreferrer" />
            </Labeled>
            <Value source="expectedMonthlyVolume" text={formatRupees(record.expectedMonthlyVolume)} />
            <Value source="createdAt" text={formatDateTime(record.createdAt)} />
            <Value source="reviewedAt" text={formatDateTime(record.reviewedAt)} />
            {record.reason && (
              <Labeled>
                <TextField source="reason" />
              </Labeled>
            )}
            {record.merchantId && (
              <Labeled label="resources.merchant-applications.fields.merchantId">
                <MuiLink
                  component={Link}
                  to={createPath({ resource: screenOf('merchants'), type: 'show', id: record.merchantId })}
                >
                  {translate('resources.merchant-applications.open_merchant')}
                </MuiLink>
              </Labeled>
            )}
          </Box>
        </CardContent>
      </Card>
      <AuditHistory entity="merchant-applications" id={record.id} />
    </Box>
  );
};

/** One application, with Approve and Reject while it is pending. */
export const ApplicationShow = () => (
  <Show actions={<Actions />} component="div">
    <Details />
  </Show>
);
