import type { Role } from './roles';
import { belongsToMerchants } from './scope';
import { CODE_FORMAT, WEB_ADDRESS_FORMAT } from './formats';
import type { TextFormat } from './validation';

/** The formats of a merchant's fields, as the API accepts them (spaces around are trimmed). */
export const MERCHANT_FORMATS = { code: CODE_FORMAT, webAddress: WEB_ADDRESS_FORMAT } as const satisfies Record<
  string,
  TextFormat
>;

/** Where a merchant's notices and customers go: changing one needs a password confirmation. */
export const CALLBACK_URL_FIELDS = ['returnUrl', 'payinCallbackUrl', 'payoutCallbackUrl'] as const;

/**
 * The gateway's controls on a merchant, with the labels the messages use: only its staff set them
 * (and enable or disable a top-level merchant). A merchant role edits the rest (name and
 * addresses); a merchant admin's new sub-merchant takes its parent's controls.
 */
export const STAFF_ONLY_MERCHANT_FIELDS = {
  minPayin: 'Min Payin',
  maxPayin: 'Max Payin',
  payinFeePercent: 'Payin Fee %',
  minPayout: 'Min Payout',
  maxPayout: 'Max Payout',
  payoutFeePercent: 'Payout Fee %',
  testMode: 'Test Mode',
  disputesAllowed: 'Disputes Allowed',
} as const;
export type StaffOnlyMerchantField = keyof typeof STAFF_ONLY_MERCHANT_FIELDS;
const STAFF_ONLY = Object.keys(STAFF_ONLY_MERCHANT_FIELDS) as StaffOnlyMerchantField[];

type Controls = Record<StaffOnlyMerchantField, number | boolean>;

/** Staff set a merchant's controls; merchant roles do not (fees, limits, test mode, disputes). */
export const setsMerchantControls = (role: Role): boolean => !belongsToMerchants(role);

/**
 * The staff-only fields a request would change: those sent with a value other than the merchant's
 * (or, for a new sub-merchant, its parent's). Sending a merchant back unchanged changes nothing.
 */
export const changedStaffOnlyFields = (
  sent: Partial<Record<StaffOnlyMerchantField, number | boolean | null>>,
  current: Controls,
): StaffOnlyMerchantField[] =>
  STAFF_ONLY.filter((field) => sent[field] !== undefined && sent[field] !== null && sent[field] !== current[field]);

/** The refusal naming the staff-only fields a merchant role tried to change. */
export const staffOnlyMessage = (fields: readonly StaffOnlyMerchantField[]): string => {
  const labels = fields.map((f) => STAFF_ONLY_MERCHANT_FIELDS[f]);
  const named = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `${named} ${labels.length > 1 ? 'are' : 'is'} set by the gateway: only its staff can change ${labels.length > 1 ? 'them' : 'it'}.`;
};

interface Suspension {
  enabled: boolean;
  /** The role of whoever disabled it; null when unknown (disabled before this was recorded). */
  suspendedByRole: Role | null;
}

/** A disabled merchant is suspended by staff unless a merchant role disabled it. */
export const suspendedByStaff = (merchant: Suspension): boolean =>
  !merchant.enabled && (merchant.suspendedByRole === null || !belongsToMerchants(merchant.suspendedByRole));

export const TOP_LEVEL_TOGGLE_IS_STAFF_ONLY = "Only the gateway's staff can enable or disable a top-level merchant.";
export const STAFF_SUSPENSION = "The gateway's staff suspended this merchant: only they can enable it again.";

/**
 * Why a user of this role may not enable (or disable) this merchant, or undefined when it may.
 * Staff may always; a merchant role toggles sub-merchants only and never lifts a staff suspension.
 */
export const toggleRefusal = (
  role: Role,
  merchant: { parentId: string | null; suspendedByStaff: boolean },
  enabled: boolean,
): string | undefined => {
  if (setsMerchantControls(role)) return undefined;
  if (merchant.parentId === null) return TOP_LEVEL_TOGGLE_IS_STAFF_ONLY;
  if (enabled && merchant.suspendedByStaff) return STAFF_SUSPENSION;
  return undefined;
};

/**
 * Does disabling by this role record it as the one who suspended the merchant? Always for an
 * enabled merchant; for a disabled one only when staff take over a merchant role's suspension.
 */
export const recordsSuspension = (role: Role, merchant: Suspension): boolean =>
  merchant.enabled || (setsMerchantControls(role) && !suspendedByStaff(merchant));
