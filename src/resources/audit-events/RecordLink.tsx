import { Link as MuiLink } from '@mui/material';
import { useCreatePath, useRecordContext, useResourceDefinitions } from 'react-admin';
import { Link } from 'react-router-dom';
import { screenOf } from '../../../domain/access';
import type { AuditEvent } from './types';

/** The changed record's id, as a link to its page when it has one and still exists. */
export const RecordLink = () => {
  const record = useRecordContext<AuditEvent>();
  const createPath = useCreatePath();
  const definitions = useResourceDefinitions();
  if (!record?.entityId) return null;
  const resource = screenOf(record.entity);
  if (!definitions[resource]?.hasShow || record.action === 'delete') return <>{record.entityId}</>;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource, type: 'show', id: record.entityId })}
      onClick={(event) => event.stopPropagation()}
    >
      {record.entityId}
    </MuiLink>
  );
};
