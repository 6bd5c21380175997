import type { Role } from './roles';

/**
 * The sidebar of SPEC §2 as data. Every screen has a key (its route under /app),
 * a label, and belongs to a top-level entry (a single item or a group).
 */
export interface MenuItem<K extends string = string> {
  key: K;
  label: string;
  path: `/app/${K}`;
}

export interface MenuEntry<K extends string = string, L extends string = string> {
  /** The label that SPEC §6 uses to hide the entry. */
  label: L;
  /** A single item, or the items of a group. */
  items: readonly MenuItem<K>[];
  group: boolean;
}

const item = <const K extends string>(key: K, label: string): MenuItem<K> => ({ key, label, path: `/app/${key}` });
const single = <const K extends string, const L extends string>(key: K, label: L) =>
  ({ label, items: [item(key, label)], group: false }) as const;
const group = <const L extends string, const I extends readonly MenuItem[]>(label: L, items: I) =>
  ({ label, items, group: true }) as const;

export const MENU = [
  single('dashboard', 'Dashboard'),
  single('vendor-board', 'Vendor Board'),
  single('add-data', 'Add data'),
  group('Deposit', [
    item('deposit/progress', 'In Progress'),
    item('deposit/completed', 'Completed'),
    item('deposit/dropped', 'Dropped'),
    item('deposit/all', 'All'),
  ]),
  group('Withdrawals', [
    item('withdrawal/progress', 'In Progress'),
    item('withdrawal/completed', 'Completed'),
    item('withdrawal/all', 'All'),
  ]),
  group('Settlements', [item('settlements', 'Accounts')]),
  group('Vendor Settlements', [item('vendorsettlements', 'Accounts')]),
  single('lien', 'ChargeBack'),
  single('merchant', 'Merchant'),
  single('bank-accounts', 'Bank Accounts'),
  single('vendor', 'Vendor'),
  group('User', [item('user', 'Roles')]),
  group('Reports', [
    item('payin', 'Payins'),
    item('vendorpayin', 'Vendor Payins'),
    item('payout', 'Payouts'),
    item('vendorpayout', 'Vendor Payouts'),
    item('report', 'Accounts'),
    item('vendorreport', 'Vendor Accounts'),
  ]),
] as const;

/**
 * Screens outside SPEC §2's sidebar, in a group of their own after it (issue 13). Who sees an item
 * is who may use its screen (domain/access: ADMIN alone), so every other role keeps the spec's menu.
 */
export const ADMIN_GROUP = group('Admin', [
  item('providers', 'Payment Providers'),
  item('provider-events', 'Provider Events'),
  item('audit-events', 'Audit Log'),
]);

/** The key of every screen in the menu: `canUseScreen(role, 'vendr')` does not compile. */
export type MenuScreen = (typeof MENU)[number]['items'][number]['key'];
export type TopLevelLabel = (typeof MENU)[number]['label'];
/** A heading of the sidebar: the spec's entries and the Admin group. */
export type SidebarLabel = TopLevelLabel | typeof ADMIN_GROUP.label;
export type MenuEntryOf = MenuEntry<MenuScreen, TopLevelLabel>;

/** SPEC §6: top-level menu items hidden per role. */
export const HIDDEN_TOP_LEVEL: Record<Role, readonly TopLevelLabel[]> = {
  ADMIN: [],
  TRANSACTIONS: [],
  MERCHANT: ['Bank Accounts', 'Vendor', 'Merchant', 'Add data', 'Vendor Board', 'Vendor Settlements'],
  MERCHANT_ADMIN: ['Bank Accounts', 'Vendor', 'Add data', 'Vendor Board', 'Vendor Settlements'],
  MERCHANT_OPERATIONS: [
    'Add data',
    'Bank Accounts',
    'Merchant',
    'User',
    'Vendor',
    'Vendor Board',
    'Vendor Settlements',
    'Settlements',
    'ChargeBack',
  ],
  OPERATIONS: ['Merchant', 'Settlements', 'User', 'ChargeBack', 'Vendor', 'Vendor Board', 'Vendor Settlements'],
  VENDOR: ['Dashboard', 'Merchant', 'Vendor', 'Add data', 'Settlements', 'ChargeBack'],
  VENDOR_OPERATIONS: ['Dashboard', 'Merchant', 'Vendor', 'Add data', 'Settlements', 'User', 'ChargeBack'],
};

/**
 * SPEC §6: submenu items hidden per role, by screen key. The spec names them by label
 * ("Accounts" is the Reports item at /app/report, "Vendor Accounts" the one at /app/vendorreport).
 */
export const HIDDEN_SUBMENU: Record<Role, readonly MenuScreen[]> = {
  ADMIN: [],
  TRANSACTIONS: [],
  OPERATIONS: ['report', 'vendorreport'],
  MERCHANT: ['vendorreport', 'vendorpayin', 'vendorpayout'],
  MERCHANT_ADMIN: ['vendorreport', 'vendorpayin', 'vendorpayout'],
  MERCHANT_OPERATIONS: ['report', 'vendorreport', 'vendorpayin', 'vendorpayout'],
  VENDOR: ['report', 'payin', 'payout'],
  VENDOR_OPERATIONS: ['report', 'payin', 'payout', 'vendorreport'],
};

const ENTRIES: readonly MenuEntryOf[] = MENU;

/** The sidebar a role sees: hidden entries and hidden items removed, empty groups dropped. */
export const menuFor = (role: Role): MenuEntryOf[] =>
  ENTRIES.filter((entry) => !HIDDEN_TOP_LEVEL[role].includes(entry.label))
    .map((entry) => ({ ...entry, items: entry.items.filter((i) => !HIDDEN_SUBMENU[role].includes(i.key)) }))
    .filter((entry) => entry.items.length > 0);

export const ALL_SCREENS: readonly MenuItem<MenuScreen>[] = ENTRIES.flatMap((entry) => entry.items);

export const screenByPath = (path: string): MenuItem<MenuScreen> | undefined =>
  ALL_SCREENS.find((s) => path === s.path || path.startsWith(`${s.path}/`));
