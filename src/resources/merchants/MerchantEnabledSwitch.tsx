import { Stack, Tooltip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { toggleRefusal } from '../../../domain/merchant';
import { useSession } from '../../session/SessionProvider';
import { ConfirmedSwitch } from '../shared/ConfirmedSwitch';
import type { Merchant } from './types';

/**
 * A merchant row's enabled switch. Off for a role the rule refuses (domain/merchant), with the
 * server's own words as the reason; a staff suspension is named beside it.
 */
export const MerchantEnabledSwitch = () => {
  const record = useRecordContext<Merchant>();
  const { role } = useSession();
  const translate = useTranslate();
  if (!record) return null;
  const refusal = role ? toggleRefusal(role, record, !record.enabled) : undefined;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Tooltip title={refusal ?? ''}>
        <span>
          <ConfirmedSwitch<Merchant>
            kind="merchant.toggle"
            source="enabled"
            path={(r) => `/merchants/${r.id}/enabled`}
            resource="merchants"
            label="resources.merchant.fields.enabled"
            disabled={refusal !== undefined}
          />
        </span>
      </Tooltip>
      {record.suspendedByStaff && (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.merchant.status.suspended')}
        </Typography>
      )}
    </Stack>
  );
};
