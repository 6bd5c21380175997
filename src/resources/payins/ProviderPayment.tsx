import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { canUseResource } from '../../../domain/access';
import { buildQuery } from '../../providers/http';
import { useSession } from '../../session/SessionProvider';
import type { Payin } from './types';

/** The provider's payment id, and for those who may read it the event log of this pay-in. */
export const ProviderPayment = () => {
  const record = useRecordContext<Payin>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { role } = useSession();
  if (!record) return null;
  const seesEvents = role !== null && canUseResource(role, 'provider-events');
  const filter = { payinId: record.id };
  const events = `${createPath({ resource: 'provider-events', type: 'list' })}?${buildQuery({
    filter: JSON.stringify(filter),
  })}`;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {record.providerPaymentId ?? '—'}
      </Typography>
      {seesEvents && record.source !== 'Manual' && (
        <MuiLink component={Link} to={events} variant="body2">
          {translate('resources.payins.show.provider_events')}
        </MuiLink>
      )}
    </Stack>
  );
};
