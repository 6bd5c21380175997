import type { ReactElement } from 'react';
import InboxIcon from '@mui/icons-material/Inbox';
import { Card, CardContent } from '@mui/material';
import { useCreatePath, useListContext, useResourceContext, useResourceDefinition, useTranslate } from 'react-admin';
import { apiResourceOf, canDo } from '../../../domain/access';
import { Message } from '../../layout/Message';
import { useSession } from '../../session/SessionProvider';

/**
 * A list with no records yet (or none matching the filters), worded by `resources.<name>.empty.*`,
 * with the way to add one for a role that may.
 */
export const ListEmpty = ({ filtered = false, icon = <InboxIcon /> }: { filtered?: boolean; icon?: ReactElement }) => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { role } = useSession();
  const text = (key: string) => translate(`resources.${resource}.empty.${filtered ? `filtered_${key}` : key}`);
  const api = apiResourceOf(resource);
  // A screen without a create page (the Deposit lists: links are made elsewhere) offers none.
  const { hasCreate } = useResourceDefinition({ resource });
  const canCreate = !filtered && hasCreate && role !== null && api !== undefined && canDo(role, api, 'create');
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent>
        <Message
          icon={icon}
          title={text('title')}
          text={text('text')}
          action={
            canCreate
              ? { label: translate('ra.action.create'), to: createPath({ resource, type: 'create' }) }
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
};

/** A list's empty state that says whether its filters found nothing or there is nothing yet. */
export const ListNoneFound = ({ icon }: { icon?: ReactElement }) => {
  const { filterValues } = useListContext();
  return <ListEmpty filtered={Object.keys(filterValues).length > 0} icon={icon} />;
};
