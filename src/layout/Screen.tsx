import type { ComponentType } from 'react';
import { canUseScreen } from '../../domain/access';
import type { MenuItem } from '../../domain/menu';
import { usePageTitle } from '../notifications';
import { useSession } from '../session/SessionProvider';
import { AccessDenied } from './AccessDenied';
import { useMenuText } from './useMenuText';

/** One /app route: names the page in the top bar, and shows it only to a role that may use it. */
export const Screen = ({ item, component: Component }: { item: MenuItem; component: ComponentType }) => {
  const { role } = useSession();
  usePageTitle(useMenuText().title(item));
  if (!role || !canUseScreen(role, item.key)) return <AccessDenied />;
  return <Component />;
};
