import { Chip, Link as MuiLink, Typography } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Screen } from '../../../domain/access';
import { formatDateTime } from '../../../domain/format';
import type { BankEntry } from './types';

/** The Deposit view that shows a pay-in of any status. */
export const PAYIN_SCREEN: Screen = 'deposit/all';

/** A green "Used", a blue "Internal Transfer" (a vendor moved the money: no pay-in's) or a red "Un-Used" tag. */
export const UsedTag = () => {
  const r = useRecordContext<BankEntry>();
  const translate = useTranslate();
  if (!r) return null;
  const state = r.vendorSettlementId ? 'InternalTransfer' : r.used ? 'Used' : 'UnUsed';
  const color = ({ Used: 'success', InternalTransfer: 'info', UnUsed: 'error' } as const)[state];
  return <Chip size="small" variant="outlined" color={color} label={translate(`resources.add-data.used.${state}`)} />;
};

/** The pay-in the entry paid, by its merchant order id where the role sees it, linked to its page. */
export const PayinLink = () => {
  const r = useRecordContext<BankEntry>();
  const createPath = useCreatePath();
  if (!r?.payinId) return null;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: PAYIN_SCREEN, type: 'show', id: r.payinId })}
      // A payment link's order id (link-<uuid>) breaks over lines: the column stays narrow at 1440 px.
      sx={{
        fontFamily: r.merchantOrderId ? undefined : 'monospace',
        display: 'inline-block',
        maxWidth: 170,
        wordBreak: 'break-all',
      }}
    >
      {r.merchantOrderId ?? r.payinId}
    </MuiLink>
  );
};

export const CreatedAt = () => {
  const r = useRecordContext<BankEntry>();
  return r ? (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(r.createdAt)}
    </Typography>
  ) : null;
};
