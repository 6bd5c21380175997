import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Is a webhook really from its provider (reference §1, "Inbound verification")? Each check runs
 * over the raw body bytes, before anything parses them, and compares in constant time.
 */
export type Verdict = { ok: true } | { ok: false; reason: string };

export type RawHeaders = Record<string, string | string[] | undefined>;

/** CashFree's timestamp may be this far from our clock, either way. */
export const CASHFREE_TOLERANCE_MS = 5 * 60 * 1000;

const refuse = (reason: string): Verdict => ({ ok: false, reason });

/** One header's value; a repeated header is as good as none. */
export const headerOf = (headers: RawHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

const hmac = (secret: string, ...parts: Buffer[]) => {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac;
};

/** RazorPay: hex HMAC-SHA256 of the body with the webhook secret, in `x-razorpay-signature`. */
export const verifyRazorpay = (raw: Buffer, headers: RawHeaders, webhookSecret: string): Verdict => {
  const given = headerOf(headers, 'x-razorpay-signature');
  if (!given) return refuse('The x-razorpay-signature header is missing.');
  return sameText(given, hmac(webhookSecret, raw).digest('hex'))
    ? { ok: true }
    : refuse('The x-razorpay-signature does not match the body.');
};

/**
 * CashFree: base64 HMAC-SHA256 of the timestamp (ms) followed by the body, with the client secret,
 * in `x-webhook-signature`. A timestamp more than five minutes away from now is stale.
 */
export const verifyCashfree = (raw: Buffer, headers: RawHeaders, clientSecret: string, now = Date.now()): Verdict => {
  const given = headerOf(headers, 'x-webhook-signature');
  const timestamp = headerOf(headers, 'x-webhook-timestamp');
  if (!given) return refuse('The x-webhook-signature header is missing.');
  if (!timestamp || !/^\d{1,15}$/.test(timestamp))
    return refuse('The x-webhook-timestamp header is missing or not a time in milliseconds.');
  if (Math.abs(now - Number(timestamp)) > CASHFREE_TOLERANCE_MS)
    return refuse('The x-webhook-timestamp is more than 5 minutes away from now (stale).');
  return sameText(given, hmac(clientSecret, Buffer.from(timestamp, 'utf8'), raw).digest('base64'))
    ? { ok: true }
    : refuse('The x-webhook-signature does not match the timestamp and body.');
};

/** The fields of PayU's reverse hash after the salt and status, in order: udf10..udf6 are always empty. */
const PAYU_HASHED = [
  'udf5',
  'udf4',
  'udf3',
  'udf2',
  'udf1',
  'email',
  'firstname',
  'productinfo',
  'amount',
  'txnid',
  'key',
];

/** PayU's reverse hash of a form: sha512(SALT|status||||||udf5|…|txnid|key), `additionalCharges|` first when sent. */
export const payuReverseHash = (form: URLSearchParams, salt: string): string => {
  const field = (name: string) => form.get(name) ?? '';
  const parts = [salt, field('status'), '', '', '', '', '', ...PAYU_HASHED.map(field)];
  if (form.has('additionalCharges')) parts.unshift(field('additionalCharges'));
  return createHash('sha512').update(parts.join('|'), 'utf8').digest('hex');
};

/**
 * PayU: the form's `hash` is its reverse hash with the salt (PayU signs no header), and its `key`
 * must be our merchant key.
 */
export const verifyPayu = (raw: Buffer, salt: string, merchantKey: string): Verdict => {
  const form = new URLSearchParams(raw.toString('utf8'));
  const given = form.get('hash');
  if (!given) return refuse('The hash field is missing.');
  if (form.getAll('hash').length > 1) return refuse('The hash field is sent more than once.');
  if (!sameText(given.toLowerCase(), payuReverseHash(form, salt))) return refuse('The hash does not match the form.');
  if (form.get('key') !== merchantKey) return refuse('The form names another PayU merchant key.');
  return { ok: true };
};
