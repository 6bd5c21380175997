import { Box, Tooltip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { isInternalTransfer } from '../../../domain/settlement';
import { PayoutStatusChip } from '../payouts/PayoutCells';
import { useSettlementKind } from './kind';
import type { SettlementRow } from './types';

/** How a settlement is named in buttons and messages: its id's first eight characters. */
export const settlementName = (r: Pick<SettlementRow, 'id'>) => r.id.slice(0, 8);

/** The id's start, the whole of it on hover and in the show view. */
export const SettlementIdCell = () => {
  const r = useRecordContext<SettlementRow>();
  if (!r) return null;
  return (
    <Tooltip title={r.id}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {settlementName(r)}
      </Typography>
    </Tooltip>
  );
};

/** The status in the pay-outs' colours (AA contrast with white), the reason on hover. */
export const SettlementStatusCell = () => {
  const r = useRecordContext<SettlementRow>();
  return r ? <PayoutStatusChip status={r.status} reason={r.reason} /> : null;
};

export const useMethodLabel = () => {
  const translate = useTranslate();
  const { screen } = useSettlementKind();
  return (method: string) => translate(`resources.${screen}.methods.${method}`, { _: method });
};

const Line = ({ text, mono = false }: { text: string | null | undefined; mono?: boolean }) =>
  text ? (
    <Typography variant="body2" sx={mono ? { fontFamily: 'monospace', wordBreak: 'break-all' } : undefined}>
      {text}
    </Typography>
  ) : null;

/**
 * Where the money went: an internal transfer's account said plainly, then the holder, account
 * number and IFSC, or the wallet and its address; nothing for cash and AED.
 */
export const DestinationCell = () => {
  const r = useRecordContext<SettlementRow>();
  const translate = useTranslate();
  const { screen } = useSettlementKind();
  if (!r) return null;
  const internal = isInternalTransfer(r.method);
  const nothing = !internal && !r.accountNumber && !r.wallet;
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      {internal && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate(`resources.${screen}.internal_transfer`, { bank: r.bankNickname ?? '—' })}
        </Typography>
      )}
      <Line text={r.accountHolder} />
      <Line text={r.accountNumber} mono />
      <Line text={r.ifsc} mono />
      <Line text={r.wallet} />
      <Line text={r.walletAddress} mono />
      {nothing && <Typography variant="body2">—</Typography>}
    </Box>
  );
};

/** The reference it was paid with, or why it was rejected. */
export const ReferenceCell = () => {
  const r = useRecordContext<SettlementRow>();
  if (!r) return null;
  if (r.status === 'REJECTED' && r.reason) return <Typography variant="body2">{r.reason}</Typography>;
  return (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {r.reference ?? ''}
    </Typography>
  );
};

export const MethodCell = () => {
  const r = useRecordContext<SettlementRow>();
  const methodLabel = useMethodLabel();
  return r ? <Typography variant="body2">{methodLabel(r.method)}</Typography> : null;
};
