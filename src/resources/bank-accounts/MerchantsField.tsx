import { useState } from 'react';
import { Box, Chip, IconButton, Tooltip } from '@mui/material';
import LinkIcon from '@mui/icons-material/AddLink';
import { useRecordContext, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { useSession } from '../../session/SessionProvider';
import type { BankAccount } from './types';
import { LinkMerchantsDialog } from './LinkMerchantsDialog';

/** The merchants linked to an account as chips, and the way to link or unlink them. */
export const MerchantsField = ({ max = 6 }: { max?: number }) => {
  const record = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const { role } = useSession();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const shown = record.merchantCodes.slice(0, max);
  const more = record.merchantCodes.length - shown.length;
  const label = `${translate('resources.bank-accounts.link.manage')}: ${record.nickname}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {shown.map((code) => (
        <Chip key={code} label={code} size="small" />
      ))}
      {more > 0 && <Chip label={`+${more}`} size="small" variant="outlined" />}
      {role && canDo(role, 'bank-accounts', 'link') && (
        <>
          <Tooltip title={label}>
            <IconButton
              size="small"
              aria-label={label}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(true);
              }}
            >
              <LinkIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <LinkMerchantsDialog record={record} open={open} onClose={() => setOpen(false)} />
        </>
      )}
    </Box>
  );
};
