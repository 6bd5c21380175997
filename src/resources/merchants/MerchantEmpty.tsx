import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import { Card, CardContent } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { Message } from '../../layout/Message';
import { useSession } from '../../session/SessionProvider';

/** No merchant yet (or none matching the filters), and the way to add one for a role that may. */
export const MerchantEmpty = ({ filtered = false }: { filtered?: boolean }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { role } = useSession();
  const canCreate = role !== null && canDo(role, 'merchants', 'create');
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent>
        <Message
          icon={<StorefrontIcon />}
          title={translate(filtered ? 'resources.merchant.empty.filtered_title' : 'resources.merchant.empty.title')}
          text={translate(filtered ? 'resources.merchant.empty.filtered_text' : 'resources.merchant.empty.text')}
          action={
            !filtered && canCreate
              ? {
                  label: translate('resources.merchant.empty.create'),
                  to: createPath({ resource: 'merchant', type: 'create' }),
                }
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
};
