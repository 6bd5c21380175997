import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { green, grey, purple, red } from '@mui/material/colors';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PayoutStatus } from '../../../domain/payout';
import { useStatusLabel } from '../../i18n/codeLabels';
import type { Payout } from './types';

const LIGHT_TEXT = '#fff';

/** The colour of each status, as the current console shows them (dark enough for AA contrast with white). */
export const PAYOUT_STATUS_COLOURS: Record<PayoutStatus, string> = {
  INITIATED: grey[700],
  SUCCESS: green[800],
  DROPPED: red[800],
  REJECTED: red[700],
  REVERSED: purple[600],
};

export const PayoutStatusChip = ({ status, reason }: { status: PayoutStatus; reason?: string | null }) => {
  const label = useStatusLabel();
  const chip = (
    <Chip
      size="small"
      label={label(status)}
      sx={{ bgcolor: PAYOUT_STATUS_COLOURS[status], color: LIGHT_TEXT, fontWeight: 600 }}
    />
  );
  return reason ? (
    <Tooltip title={reason}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
};

const Tag = ({ label, color }: { label: string; color?: string }) => (
  <Chip size="small" variant="outlined" label={label} sx={color ? { color, borderColor: color } : undefined} />
);

/** The status with its reason on hover, and what it waits for: a checker, Eko's answer; a TEST tag on a test pay-out. */
export const PayoutStatusCell = () => {
  const r = useRecordContext<Payout>();
  const translate = useTranslate();
  if (!r) return null;
  const t = (key: string, options?: object) => translate(`resources.payouts.${key}`, options);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, maxWidth: 150 }}>
      <PayoutStatusChip status={r.status} reason={r.reason} />
      {r.awaitingChecker && (
        <Tooltip title={t('awaiting_checker_by', { name: r.awaitingChecker })}>
          <span>
            <Tag label={t('awaiting_checker')} color="warning.main" />
          </span>
        </Tooltip>
      )}
      {r.awaitingProvider && <Tag label={t('awaiting_provider', { provider: 'Eko' })} color="warning.main" />}
      {r.test && <Tag label={t('test_tag')} />}
    </Stack>
  );
};

/** The beneficiary: account number, holder and IFSC (and bank), or the UPI id. */
export const BankDetailsCell = () => {
  const r = useRecordContext<Payout>();
  if (!r) return null;
  if (r.upiId && !r.accountNumber) return <Typography variant="body2">{r.upiId}</Typography>;
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {r.accountNumber}
      </Typography>
      <Typography variant="body2">{r.accountHolder}</Typography>
      <Typography variant="caption" color="text.secondary">
        {[r.ifsc, r.bankName].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
};

/** The pay-out's id, its first eight characters (the whole of it on hover and in the show view). */
export const PayoutIdCell = () => {
  const r = useRecordContext<Payout>();
  if (!r) return null;
  return (
    <Tooltip title={r.id}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {r.id.slice(0, 8)}
      </Typography>
    </Tooltip>
  );
};

/** How it was paid and from which bank, in the chosen language: "Manual · ALPHA-HDFC". */
export const MethodAndBank = ({ method, bank }: { method: string | null; bank: string | null }) => {
  const translate = useTranslate();
  const words = method && translate(`resources.payouts.methods.${method}`, { _: method });
  return [words, bank].filter(Boolean).join(' · ') || null;
};
