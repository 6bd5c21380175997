import type { ComponentType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { apiResourceOf, canDo, canUseScreen, type Action, type Screen } from '../domain/access';
import { ALL_SCREENS, type MenuItem, type MenuScreen } from '../domain/menu';
import { AccessDenied } from './layout/AccessDenied';
import { messageId, useMenuText } from './layout/useMenuText';
import { usePageTitle } from './notifications';
import { useSession } from './session/SessionProvider';

/**
 * Names the page in the top bar, and shows it only to a role that may use the screen and do the
 * action (read, or create or update on a form) on the screen's API resource, when it has one.
 */
export const ScreenGuard = ({
  screen,
  title,
  action = 'read',
  children,
}: {
  screen: Screen;
  title: string;
  action?: Action;
  children: ReactNode;
}) => {
  const { role } = useSession();
  usePageTitle(title);
  const resource = apiResourceOf(screen);
  const allowed = role !== null && canUseScreen(role, screen) && (!resource || canDo(role, resource, action));
  return allowed ? <>{children}</> : <AccessDenied />;
};

/** One /app route of SPEC §2 that is not a resource. */
export const ScreenRoute = ({
  item,
  component: Component,
}: {
  item: MenuItem<MenuScreen>;
  component: ComponentType;
}) => (
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
  name: Screen;
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
