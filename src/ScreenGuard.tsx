import type { ComponentType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { canDo, canUseScreen, type Action } from '../../domain/access';
import { ALL_SCREENS, type MenuItem } from '../../domain/menu';
import { usePageTitle } from '../notifications';
import { useSession } from '../session/SessionProvider';
import { AccessDenied } from './AccessDenied';
import { messageId, useMenuText } from './useMenuText';

/**
 * Names the page in the top bar, and shows it only to a role that may use the screen (and, for a
 * create or edit page, do that there).
 */
export const ScreenGuard = ({
  screen,
  title,
  action = 'read',
  children,
}: {
  screen: string;
  title: string;
  action?: Action;
  children: ReactNode;
}) => {
  const { role } = useSession();
  usePageTitle(title);
  if (!role || !canUseScreen(role, screen) || !canDo(role, screen, action)) return <AccessDenied />;
  return <>{children}</>;
};

/** One /app route of SPEC §2. */
export const Screen = ({ item, component: Component }: { item: MenuItem; component: ComponentType }) => (
  <ScreenGuard screen={item.key} title={useMenuText().title(item)}>
    <Component />
  </ScreenGuard>
);

/** A page of a resource (list, show, edit or create), titled by its menu item or, outside the menu, its screen name. */
export const ResourceScreen = ({
  name,
  action,
  component: Component,
}: {
  name: string;
  action: Action;
  component: ComponentType;
}) => {
  const translate = useTranslate();
  const text = useMenuText();
  const item = ALL_SCREENS.find((s) => s.key === name);
  const title = item ? text.title(item) : translate(`app.screens.${messageId(name)}`, { _: name });
  return (
    <ScreenGuard screen={name} title={title} action={action}>
      <Component />
    </ScreenGuard>
  );
};
