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
  /** A settled or rejected settlement set back to INITIATED: its journal reversed (issue 12). */
  'settlement.reset',
  'vendor-settlement.reset',
  /** A payment provider's account (issue 14): where customers' money is collected, which webhooks are believed. */
  'provider.update',
] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

export const isConfirmationKind = (value: unknown): value is ConfirmationKind =>
  (CONFIRMATION_KINDS as readonly unknown[]).includes(value);
