import BlockIcon from '@mui/icons-material/Block';
import { useTranslate } from 'react-admin';
import { homePath } from '../../domain/access';
import { isRole } from '../../domain/roles';
import { useSession } from '../session/SessionProvider';
import { Message } from './Message';

/** A screen the role may not use (SPEC §6 read as policy). */
export const AccessDenied = () => {
  const translate = useTranslate();
  const { role } = useSession();
  return (
    <Message
      icon={<BlockIcon />}
      title={translate('app.errors.access_denied')}
      text={translate('app.errors.access_denied_hint')}
      action={{ label: translate('app.errors.go_home'), to: isRole(role) ? homePath(role) : '/' }}
    />
  );
};
