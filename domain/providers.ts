import type { PaymentSource } from './payin';

/**
 * Payment providers (issue 14): a customer may pay a pay-in through a provider's UPI intent, and the
 * provider tells the gateway by a signed webhook. Names as the API and the configuration speak them.
 */
export const PROVIDERS = ['razorpay', 'cashfree', 'payu'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The pay-in's source (the Deposit screens' and the Payins report's method) each provider sets. */
export const SOURCE_OF: Record<Provider, Exclude<PaymentSource, 'Manual'>> = {
  razorpay: 'RazorPay',
  cashfree: 'CashFree',
  payu: 'PayU',
};

/** The provider a pay-in's source names; null for a manual pay-in. */
export const providerOfSource = (source: PaymentSource): Provider | null =>
  PROVIDERS.find((p) => SOURCE_OF[p] === source) ?? null;

export const PROVIDER_LABEL: Record<Provider, string> = { razorpay: 'RazorPay', cashfree: 'CashFree', payu: 'PayU' };

/** What is kept of each webhook received (the event log): how it ended. */
export const PROVIDER_EVENT_OUTCOMES = [
  /** Verified and applied: the pay-in moved. */
  'applied',
  /** Verified, already seen (same event id): nothing done. */
  'duplicate',
  /** Verified, nothing to do: an event type not acted on, or a state it cannot move (captured before failed). */
  'ignored',
  /** Not verified (bad, missing or stale signature, unknown provider setup): nothing done, 401. */
  'rejected',
  /** Verified but not applied (no such pay-in, a conflict): kept for a replay. */
  'failed',
] as const;
export type ProviderEventOutcome = (typeof PROVIDER_EVENT_OUTCOMES)[number];

/**
 * The configuration fields of each provider, with the environment variable that sets each one
 * (and wins over what ADMIN saved). `secret` fields are write-only: never sent back, shown masked.
 */
export interface ProviderField {
  key: 'keyId' | 'keySecret' | 'webhookSecret' | 'apiBase';
  env: string;
  label: string;
  secret: boolean;
  /** Needed before the provider may be offered. */
  required: boolean;
}

export const PROVIDER_FIELDS: Record<Provider, readonly ProviderField[]> = {
  razorpay: [
    { key: 'keyId', env: 'RAZORPAY_KEY_ID', label: 'Key Id', secret: false, required: true },
    { key: 'keySecret', env: 'RAZORPAY_KEY_SECRET', label: 'Key Secret', secret: true, required: true },
    { key: 'webhookSecret', env: 'RAZORPAY_WEBHOOK_SECRET', label: 'Webhook Secret', secret: true, required: true },
    { key: 'apiBase', env: 'RAZORPAY_API_BASE', label: 'API Base URL', secret: false, required: false },
  ],
  cashfree: [
    { key: 'keyId', env: 'CASHFREE_CLIENT_ID', label: 'Client Id', secret: false, required: true },
    { key: 'keySecret', env: 'CASHFREE_CLIENT_SECRET', label: 'Client Secret', secret: true, required: true },
    { key: 'apiBase', env: 'CASHFREE_API_BASE', label: 'API Base URL', secret: false, required: false },
  ],
  payu: [
    { key: 'keyId', env: 'PAYU_KEY', label: 'Merchant Key', secret: false, required: true },
    { key: 'keySecret', env: 'PAYU_SALT', label: 'Salt', secret: true, required: true },
    { key: 'apiBase', env: 'PAYU_BASE', label: 'Base URL', secret: false, required: false },
  ],
};

/** Where each provider's API is when no base URL is configured (their production hosts). */
export const DEFAULT_API_BASE: Record<Provider, string> = {
  razorpay: 'https://api.razorpay.com',
  cashfree: 'https://api.cashfree.com',
  payu: 'https://secure.payu.in',
};

/** A secret as the dashboard shows it: its last four characters, the rest masked. */
export const maskSecret = (secret: string | null | undefined): string | null =>
  secret ? `${'•'.repeat(Math.max(4, Math.min(12, secret.length - 4)))}${secret.slice(-4)}` : null;

const HEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * PayU's txnid for a pay-in: its id's 128 bits in base 36, at most 25 letters and digits (PayU
 * takes at most 25), and read back to the id without a lookup.
 */
export const payuTxnidOf = (payinId: string): string => {
  if (!HEX_UUID.test(payinId)) throw new Error('a pay-in id is a UUID');
  return BigInt(`0x${payinId.replace(/-/g, '')}`).toString(36);
};

/** The pay-in id a PayU txnid names; null when it names none. */
export const payinIdOfTxnid = (txnid: string): string | null => {
  if (!/^[0-9a-z]{1,25}$/.test(txnid)) return null;
  let n = 0n;
  for (const c of txnid) n = n * 36n + BigInt(parseInt(c, 36));
  if (n >= 1n << 128n) return null;
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
