import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslate } from 'react-admin';
import { homePath } from '../../domain/access';
import { isRole } from '../../domain/roles';
import { usePageTitle } from '../notifications';
import { useSession } from '../session/SessionProvider';
import { Message } from './Message';

const NotFoundMessage = ({ heading }: { heading?: 'h1' | 'h2' }) => {
  const translate = useTranslate();
  const { role } = useSession();
  return (
    <Message
      icon={<SearchOffIcon />}
      heading={heading}
      title={translate('app.errors.not_found')}
      text={translate('app.errors.not_found_hint')}
      action={{ label: translate('app.errors.go_home'), to: isRole(role) ? homePath(role) : '/' }}
    />
  );
};

/** Inside the shell: also names the page in the top bar. */
export const NotFound = () => {
  const translate = useTranslate();
  usePageTitle(translate('app.errors.not_found'));
  return <NotFoundMessage />;
};

/** Outside the shell, for a signed-in user at an unknown address. */
export const NotFoundPage = () => (
  <main>
    <NotFoundMessage heading="h1" />
  </main>
);
