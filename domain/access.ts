import { menuFor } from './menu';
import { MERCHANT_LIST_ROLES, ROLES, type Role } from './roles';

/**
 * The access policy: a role may use a screen exactly when the screen is in its menu
 * (SPEC §6 read as policy, DESIGN §6). A few screens exist outside the menu.
 */
export type Screen = string;

/** Screens that are not menu items: who may use them. */
const EXTRA_SCREENS: Record<string, readonly Role[]> = {
  /** The merchant list loaded on entering the shell (SPEC §6). */
  'merchant-list': MERCHANT_LIST_ROLES,
  /** Own session and password: every signed-in user. */
  account: ROLES,
};

const screensOf = (role: Role): Set<string> =>
  new Set(menuFor(role).flatMap((entry) => entry.items.map((i) => i.key)));

const SCREENS_BY_ROLE: Record<Role, Set<string>> = Object.fromEntries(
  ROLES.map((role) => [role, screensOf(role)]),
) as Record<Role, Set<string>>;

export const canUseScreen = (role: Role, screen: Screen): boolean => {
  const extra = EXTRA_SCREENS[screen];
  if (extra) return extra.includes(role);
  return SCREENS_BY_ROLE[role].has(screen);
};

/** The screen a VENDOR lands on instead of the dashboard. */
export const homePath = (role: Role): string =>
  canUseScreen(role, 'dashboard') ? '/app/dashboard' : '/app/vendor-board';

export const isKnownScreen = (screen: Screen): boolean =>
  screen in EXTRA_SCREENS || ROLES.some((role) => SCREENS_BY_ROLE[role].has(screen));
