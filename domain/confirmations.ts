/**
 * The kinds of action a password confirmation is given for. A confirmation names one kind and is
 * refused for every other: the password typed to switch a merchant off does not also relink a bank
 * account. The server's routes and services and the dashboard's prompts all name a kind from here.
 */
export const CONFIRMATION_KINDS = [
  'merchant.toggle',
  'merchant.rotate-keys',
  'merchant.delete',
  /** Pay-in and pay-out callbacks and the return URL: where a merchant's notices and customers go. */
  'merchant.callback-urls',
  'vendor.toggle',
  'user.toggle',
  'user.reset-password',
  /** A user's role, merchant codes or vendor code: what it may see and do. */
  'user.access',
  'bank-account.create',
  /** Account number, IFSC, UPI id or holder: where the money goes. */
  'bank-account.numbers',
  /** Linking or unlinking merchants. */
  'bank-account.link',
  'bank-account.toggle',
  'bank-account.delete',
  'bank-account.approve',
  'merchant-application.approve',
  /** Money corrections: setting a pay-in to SUCCESS with an amount, freeing a used bank entry. */
  'payin.confirm',
  'bank-entry.reset',
  /** The UTR of a paid pay-out, corrected: what the merchant is told the money went out as. */
  'payout.utr',
  /** A settlement paid: money leaves the gateway on this user's word (issue 29). */
  'settlement.approve',
  'vendor-settlement.approve',
  /** A settled or rejected settlement set back to INITIATED: its journal reversed (issue 12). */
  'settlement.reset',
  'vendor-settlement.reset',
  /** A payment provider's account (issue 14): where customers' money is collected, which webhooks are believed. */
  'provider.update',
] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

export const isConfirmationKind = (value: unknown): value is ConfirmationKind =>
  (CONFIRMATION_KINDS as readonly unknown[]).includes(value);

/**
 * Every kind acts on one record, named by its id; these name it otherwise: a new bank account by
 * its nickname (its natural key, the account having no id yet), a provider's account by the provider.
 */
const RECORD_KEYS: Partial<Record<ConfirmationKind, 'nickname' | 'provider'>> = {
  'bank-account.create': 'nickname',
  'provider.update': 'provider',
};
export type ConfirmationRecordKey = 'id' | 'nickname' | 'provider';
export const confirmationRecordKey = (kind: ConfirmationKind): ConfirmationRecordKey => RECORD_KEYS[kind] ?? 'id';

/** What a confirmation was given for: its own id, a kind and, when the user named one, a record. */
export interface ConfirmationGrant {
  id: string;
  kind: ConfirmationKind;
  recordId?: string;
}

/** A confirmation spent on one request: its id is the grant's, so a grant is spent once. */
export interface ConfirmationUse {
  id: string;
  kind: ConfirmationKind;
  recordId: string;
}

/**
 * The use a grant makes of one request on one record, or null when it may not serve it: another
 * kind, no record named, or another record than the one the grant names. A grant naming no record
 * serves the first it is used on, since that use spends it.
 */
export const confirmationUse = (
  grant: ConfirmationGrant,
  kind: ConfirmationKind,
  recordId: string | null | undefined,
): ConfirmationUse | null => {
  if (grant.kind !== kind || !recordId) return null;
  if (grant.recordId !== undefined && grant.recordId !== recordId) return null;
  return { id: grant.id, kind, recordId };
};
