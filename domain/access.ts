import { ADMIN_GROUP, menuFor, type MenuEntry, type MenuScreen } from './menu';
import { PAYIN_STAFF } from './payin';
import { PAYOUT_STAFF, VENDOR_ROLES } from './payout';
import { EKO_ROLES } from './eko';
import { SETTLEMENT_REQUESTERS, SETTLEMENT_STAFF } from './settlement';
import { LIEN_STAFF } from './lien';
import { MERCHANT_LIST_ROLES, ROLES, STAFF_ROLES, type Role } from './roles';

/**
 * The access policy: a role may use a screen exactly when the screen is in its menu
 * (SPEC §6 read as policy, DESIGN §6). A few screens exist outside the menu.
 */
const EXTRA_SCREENS = {
  /** The merchant list loaded on entering the shell (SPEC §6). */
  'merchant-list': MERCHANT_LIST_ROLES,
  /** Own session and password: every signed-in user. */
  account: ROLES,
  /** Applications from the public on-boarding form. */
  'merchant-applications': ['ADMIN'],
  /** The audit log. */
  'audit-events': ['ADMIN'],
  /** Every party's balance recomputed from the rows and compared with the ledger (issue 12). */
  reconciliation: ['ADMIN'],
  /** Issue 14: the payment providers' accounts, and every webhook they sent (the event log). */
  providers: ['ADMIN'],
  'provider-events': ['ADMIN'],
  /** Issue 31: the makers' requests waiting for this user's approval. */
  approvals: STAFF_ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type Screen = MenuScreen | keyof typeof EXTRA_SCREENS;

/**
 * Each API resource (its path under /v1) and the screens that grant it: a role may call a
 * resource when it may use any one of them. The server guard and the dashboard both read this.
 */
export const API_RESOURCES = {
  merchants: ['merchant'],
  'merchant-list': ['merchant-list'],
  account: ['account'],
  vendors: ['vendor'],
  'bank-accounts': ['bank-accounts'],
  users: ['user'],
  'merchant-applications': ['merchant-applications'],
  'audit-events': ['audit-events'],
  payins: ['deposit/progress', 'deposit/completed', 'deposit/dropped', 'deposit/all', 'payin'],
  'bank-entries': ['add-data', 'vendorpayin'],
  payouts: ['withdrawal/progress', 'withdrawal/completed', 'withdrawal/all', 'payout', 'vendorpayout'],
  settlements: ['settlements'],
  'vendor-settlements': ['vendorsettlements'],
  liens: ['lien'],
  reconciliation: ['reconciliation'],
  providers: ['providers'],
  'provider-events': ['provider-events'],
  'checker-requests': ['approvals'],
  /** What needs attention: every signed-in user, each seeing the items of its own screens. */
  attention: ['account'],
  /** Global search: every signed-in user, each finding what its own screens show. */
  search: ['account'],
  /** Issue 13: the figures of the two boards and the six reports, each behind its own screen. */
  dashboard: ['dashboard'],
  'vendor-board': ['vendor-board'],
  'reports/payins': ['payin'],
  'reports/vendor-payins': ['vendorpayin'],
  'reports/payouts': ['payout'],
  'reports/vendor-payouts': ['vendorpayout'],
  'reports/accounts': ['report'],
  'reports/vendor-accounts': ['vendorreport'],
} as const satisfies Record<string, readonly Screen[]>;

export type ApiResource = keyof typeof API_RESOURCES;
const RESOURCE_NAMES = Object.keys(API_RESOURCES) as ApiResource[];

const screensOf = (role: Role): Set<string> => new Set(menuFor(role).flatMap((entry) => entry.items.map((i) => i.key)));

const SCREENS_BY_ROLE: Record<Role, Set<string>> = Object.fromEntries(
  ROLES.map((role) => [role, screensOf(role)]),
) as Record<Role, Set<string>>;

const isExtraScreen = (screen: string): screen is keyof typeof EXTRA_SCREENS => screen in EXTRA_SCREENS;

export const canUseScreen = (role: Role, screen: Screen): boolean =>
  isExtraScreen(screen) ? (EXTRA_SCREENS[screen] as readonly Role[]).includes(role) : SCREENS_BY_ROLE[role].has(screen);

export const isScreen = (name: string): name is Screen =>
  isExtraScreen(name) || ROLES.some((role) => SCREENS_BY_ROLE[role].has(name));

export const isApiResource = (name: string): name is ApiResource => name in API_RESOURCES;

/** The API resource behind a dashboard resource or screen ('merchant' → 'merchants'); itself when it is one. */
export const apiResourceOf = (name: string): ApiResource | undefined =>
  isApiResource(name) ? name : RESOURCE_NAMES.find((r) => (API_RESOURCES[r] as readonly string[]).includes(name));

/** The first screen that shows an API resource: where the dashboard links a record of it. */
export const screenOf = (resource: ApiResource): Screen => API_RESOURCES[resource][0];

export const canUseResource = (role: Role, resource: ApiResource): boolean =>
  API_RESOURCES[resource].some((screen) => canUseScreen(role, screen));

/** The sidebar a role sees: its SPEC §2/§6 menu, then the Admin group's screens it may use, if any. */
export const sidebarFor = (role: Role): MenuEntry[] => {
  const admin = ADMIN_GROUP.items.filter((item) => canUseScreen(role, item.key));
  return [...menuFor(role), ...(admin.length > 0 ? [{ ...ADMIN_GROUP, items: admin }] : [])];
};

/** The screen a VENDOR lands on instead of the dashboard. */
export const homePath = (role: Role): string =>
  canUseScreen(role, 'dashboard') ? '/app/dashboard' : '/app/vendor-board';

/** What a request does to a resource. Reading and exporting follow its screens; the rest is listed below. */
export type Action =
  | 'read'
  | 'export'
  | 'create'
  | 'update'
  | 'toggle'
  | 'link'
  | 'rotate'
  | 'delete'
  | 'review'
  | 'approve'
  /** Money corrections: set a pay-in's status, enter its UTR, re-send its callback. */
  | 'correct'
  /** Free a used bank entry again, reversing what it paid. */
  | 'reset'
  /** Pay-outs: refuse one (its hold released), or drop one that will not be sent. */
  | 'reject'
  | 'drop'
  | 'reverse'
  /** Give pay-outs to a vendor whose users then process them. */
  | 'assign'
  /** Send a record's latest callback to its merchant again. */
  | 'resend'
  /** Send pay-outs through a provider (Eko): the gateway's own wallet pays them. */
  | 'send';

/**
 * Who may change what, per API resource, among the roles that may use it. Deny by default: an
 * action not listed here is refused to every role.
 */
export const WRITE_RULES: Partial<Record<ApiResource, Partial<Record<Action, readonly Role[]>>>> = {
  account: { update: ROLES },
  merchants: {
    create: ['ADMIN', 'MERCHANT_ADMIN'],
    update: ['ADMIN', 'MERCHANT_ADMIN'],
    toggle: ['ADMIN', 'MERCHANT_ADMIN'],
    rotate: ['ADMIN', 'MERCHANT_ADMIN'],
    delete: ['ADMIN'],
  },
  vendors: { create: ['ADMIN'], update: ['ADMIN'], toggle: ['ADMIN'] },
  'bank-accounts': {
    create: ['ADMIN', 'TRANSACTIONS'],
    update: ['ADMIN', 'TRANSACTIONS'],
    toggle: ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'],
    link: ['ADMIN', 'TRANSACTIONS'],
    delete: ['ADMIN'],
    /** The checker of a new pay-in account: a staff user other than its maker (domain/bank-account). */
    approve: ['ADMIN', 'TRANSACTIONS'],
  },
  users: {
    create: ['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'],
    update: ['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'],
    toggle: ['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'],
  },
  'merchant-applications': { review: ['ADMIN'] },
  /** Payment links from the dashboard and the staff actions of domain/payin's table. */
  payins: { create: PAYIN_STAFF, correct: PAYIN_STAFF },
  /** Add data: staff record bank credits; an ADMIN asks to free a used one, TRANSACTIONS (or another ADMIN) checks it. */
  'bank-entries': { create: PAYIN_STAFF, reset: ['ADMIN', 'TRANSACTIONS'] },
  /** Pay-outs (domain/payout): vendors only on those assigned to them, which the service checks. */
  payouts: {
    /** New Payout: staff create one for a merchant, through the merchant API's service. */
    create: PAYOUT_STAFF,
    approve: [...PAYOUT_STAFF, ...VENDOR_ROLES],
    reject: [...PAYOUT_STAFF, ...VENDOR_ROLES],
    drop: PAYOUT_STAFF,
    reverse: PAYOUT_STAFF,
    reset: PAYOUT_STAFF,
    assign: PAYOUT_STAFF,
    resend: PAYOUT_STAFF,
    /** Batch Withdrawal through Eko (one approval through Eko is checked by the service too). */
    send: EKO_ROLES,
    /** Correct the UTR of a paid pay-out (password confirmation). */
    correct: ['ADMIN'],
  },
  /** Settlements (domain/settlement): merchant users may ask for one of their own balance (BANK). */
  settlements: {
    create: [...SETTLEMENT_STAFF, ...SETTLEMENT_REQUESTERS],
    approve: SETTLEMENT_STAFF,
    reject: SETTLEMENT_STAFF,
    reset: ['ADMIN'],
  },
  'vendor-settlements': {
    create: SETTLEMENT_STAFF,
    approve: SETTLEMENT_STAFF,
    reject: SETTLEMENT_STAFF,
    reset: ['ADMIN'],
  },
  /** Chargebacks (domain/lien): recorded by staff, read by the merchants they debit. */
  liens: { create: LIEN_STAFF },
  /** Issue 14: ADMIN sets the providers' accounts (password confirmed) and replays a webhook that failed to apply. */
  providers: { update: ['ADMIN'] },
  'provider-events': { correct: ['ADMIN'] },
  /** The checker's queue: each request's own rule (domain/checker-queue) decides who checks it. */
  'checker-requests': { approve: STAFF_ROLES, reject: STAFF_ROLES },
};

const READ_ACTIONS: readonly Action[] = ['read', 'export'];

export const canDo = (role: Role, resource: ApiResource, action: Action): boolean =>
  canUseResource(role, resource) &&
  (READ_ACTIONS.includes(action) || (WRITE_RULES[resource]?.[action]?.includes(role) ?? false));

/** Account numbers and other sensitive details are shown in full only to these roles. */
export const SEES_FULL_ACCOUNT_NUMBERS: readonly Role[] = ['ADMIN'];
