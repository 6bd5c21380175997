import { Link as MuiLink } from '@mui/material';
import { useCreatePath, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { screenOf } from '../../../domain/access';
import type { ProviderEvent } from './types';

/** The pay-in an event names, as a link to its page. */
export const PayinLink = () => {
  const record = useRecordContext<ProviderEvent>();
  const createPath = useCreatePath();
  if (!record?.payinId) return null;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: screenOf('payins'), type: 'show', id: record.payinId })}
      onClick={(event) => event.stopPropagation()}
      sx={{ fontFamily: 'monospace' }}
    >
      {record.payinId}
    </MuiLink>
  );
};
