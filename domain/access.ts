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
  /** Applications from the public on-boarding form. */
  'merchant-applications': ['ADMIN'],
  /** The audit log. */
  'audit-events': ['ADMIN'],
};

const screensOf = (role: Role): Set<string> => new Set(menuFor(role).flatMap((entry) => entry.items.map((i) => i.key)));

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

/** What a request does on a screen. Reading and exporting follow the screen; the rest is listed below. */
export type Action = 'read' | 'export' | 'create' | 'update' | 'toggle' | 'link' | 'rotate' | 'delete' | 'review';

/**
 * Who may change what on a screen they can use. Deny by default: an action not listed here is
 * refused to every role.
 */
export const WRITE_RULES: Record<Screen, Partial<Record<Action, readonly Role[]>>> = {
  account: { update: ROLES },
  merchant: {
    create: ['ADMIN', 'MERCHANT_ADMIN'],
    update: ['ADMIN', 'MERCHANT_ADMIN'],
    toggle: ['ADMIN', 'MERCHANT_ADMIN'],
    rotate: ['ADMIN', 'MERCHANT_ADMIN'],
    delete: ['ADMIN'],
  },
  vendor: { create: ['ADMIN'], update: ['ADMIN'], toggle: ['ADMIN'] },
  'bank-accounts': {
    create: ['ADMIN', 'TRANSACTIONS'],
    update: ['ADMIN', 'TRANSACTIONS'],
    toggle: ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'],
    link: ['ADMIN', 'TRANSACTIONS'],
    delete: ['ADMIN'],
  },
  user: {
    create: ['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'],
    update: ['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'],
    toggle: ['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'],
  },
  'merchant-applications': { review: ['ADMIN'] },
};

const READ_ACTIONS: readonly Action[] = ['read', 'export'];

export const canDo = (role: Role, screen: Screen, action: Action): boolean =>
  canUseScreen(role, screen) &&
  (READ_ACTIONS.includes(action) || (WRITE_RULES[screen]?.[action]?.includes(role) ?? false));

/** Account numbers and other sensitive details are shown in full only to these roles. */
export const SEES_FULL_ACCOUNT_NUMBERS: readonly Role[] = ['ADMIN'];
