import type { MouseEvent } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { amber, blue, green, grey, orange, purple, red } from '@mui/material/colors';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PayinStatus } from '../../../domain/payin';
import { useStatusLabel } from '../../i18n/codeLabels';
import { useToasts } from '../../notifications';
import { CallbackBell } from './CallbackBell';
import type { Payin } from './types';

const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';
const LIGHT_TEXT = '#fff';

/** The colour of each status, as the current console shows them. */
export const STATUS_COLOURS: Record<PayinStatus, { bg: string; fg: string }> = {
  INITIATED: { bg: grey[600], fg: LIGHT_TEXT },
  ASSIGNED: { bg: blue[700], fg: LIGHT_TEXT },
  SUCCESS: { bg: green[800], fg: LIGHT_TEXT },
  PENDING: { bg: amber[400], fg: DARK_TEXT },
  IMG_PENDING: { bg: amber[400], fg: DARK_TEXT },
  DROPPED: { bg: red[700], fg: LIGHT_TEXT },
  DISPUTE: { bg: orange[700], fg: DARK_TEXT },
  DUPLICATE: { bg: purple[500], fg: LIGHT_TEXT },
};

export const StatusChip = ({ status, reason }: { status: PayinStatus; reason?: string | null }) => {
  const { bg, fg } = STATUS_COLOURS[status];
  const label = useStatusLabel();
  const chip = <Chip size="small" label={label(status)} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
  return reason ? (
    <Tooltip title={reason}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
};

/** The status, its reason on hover, and a TEST tag on a test pay-in. */
export const StatusCell = () => {
  const r = useRecordContext<Payin>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <StatusChip status={r.status} reason={r.reason} />
      <CallbackBell />
      {r.test && (
        <Chip size="small" variant="outlined" color="secondary" label={translate('resources.payins.test_tag')} />
      )}
    </Stack>
  );
};

/** A value with a button that copies it. */
export const CopyableText = ({ value, wrap = false }: { value: string | null | undefined; wrap?: boolean }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  if (!value) return null;
  const copy = async (event: MouseEvent) => {
    event.stopPropagation();
    await navigator.clipboard?.writeText(value);
    toasts.success(translate('resources.payins.copied'), value);
  };
  const label = `${translate('resources.payins.copy')} ${value}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', whiteSpace: wrap ? 'normal' : 'nowrap' }}>
      {/* A long order id (a payment link's) breaks anywhere rather than widen the list. */}
      <Typography variant="body2" sx={wrap ? { wordBreak: 'break-all', maxWidth: 170 } : undefined}>
        {value}
      </Typography>
      <Tooltip title={translate('resources.payins.copy')}>
        <IconButton size="small" aria-label={label} onClick={copy}>
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
};
