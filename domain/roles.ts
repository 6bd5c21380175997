export const ROLES = [
  'ADMIN',
  'TRANSACTIONS',
  'OPERATIONS',
  'MERCHANT',
  'MERCHANT_ADMIN',
  'MERCHANT_OPERATIONS',
  'VENDOR',
  'VENDOR_OPERATIONS',
] as const;

export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The gateway's own people: they see every merchant's and vendor's rows. */
export const STAFF_ROLES: readonly Role[] = ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  TRANSACTIONS: 'Transactions',
  OPERATIONS: 'Operations',
  MERCHANT: 'Merchant',
  MERCHANT_ADMIN: 'Merchant Admin',
  MERCHANT_OPERATIONS: 'Merchant Operations',
  VENDOR: 'Vendor',
  VENDOR_OPERATIONS: 'Vendor Operations',
};

/** SPEC §6: the roles that load the merchant list on entering the shell. */
export const MERCHANT_LIST_ROLES: readonly Role[] = [
  'MERCHANT',
  'MERCHANT_OPERATIONS',
  'MERCHANT_ADMIN',
  'ADMIN',
  'TRANSACTIONS',
  'OPERATIONS',
];

/** SPEC §6: sub-role choices a role may assign (role management). Labels as shown. */
export const SUB_ROLE_LABELS = {
  Merchant: 'MERCHANT',
  Transactions: 'TRANSACTIONS',
  Operations: 'OPERATIONS',
  Vendor: 'VENDOR',
  'Merchant-Admin': 'MERCHANT_ADMIN',
  'Vendor-Operations': 'VENDOR_OPERATIONS',
  'Merchant-Operations': 'MERCHANT_OPERATIONS',
} as const satisfies Record<string, Role>;

export type SubRoleLabel = keyof typeof SUB_ROLE_LABELS;

export const DEFAULT_SUB_ROLE_CHOICES: readonly SubRoleLabel[] = ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin'];

export const SUB_ROLE_CHOICES: Partial<Record<Role, readonly SubRoleLabel[]>> = {
  ADMIN: ['Merchant', 'Transactions', 'Operations', 'Vendor', 'Merchant-Admin'],
  VENDOR: ['Vendor-Operations'],
  MERCHANT: ['Merchant-Operations'],
  MERCHANT_ADMIN: ['Merchant', 'Merchant-Operations'],
};

export const subRoleChoices = (role: Role): readonly SubRoleLabel[] =>
  SUB_ROLE_CHOICES[role] ?? DEFAULT_SUB_ROLE_CHOICES;

/** The roles a creator may assign, as role values. */
export const assignableRoles = (role: Role): Role[] => subRoleChoices(role).map((label) => SUB_ROLE_LABELS[label]);
