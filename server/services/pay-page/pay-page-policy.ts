import type { ProviderSettings } from '../providers/provider-config';

/** Where the providers' checkout scripts come from, and the frames and calls they make (issue 14). */
const PROVIDER_SCRIPTS = ['https://checkout.razorpay.com', 'https://sdk.cashfree.com'];
const PROVIDER_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://*.cashfree.com'];
const PROVIDER_CALLS = ['https://*.razorpay.com', 'https://*.cashfree.com'];

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The customer pay page's Content-Security-Policy: the dashboard's own (scripts from this server
 * only, no plugins, no framing by others), widened just enough to hand a customer over to a
 * provider: its checkout script and frames, and PayU's form posted to its configured host.
 */
export const payPagePolicy = (providers: readonly ProviderSettings[]): string => {
  const payu = providers.find((p) => p.provider === 'payu');
  const formTargets = payu ? [originOf(payu.apiBase)].filter((o): o is string => o !== null) : [];
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'self'",
    `frame-src ${PROVIDER_FRAMES.join(' ')}`,
    "img-src 'self' data:",
    "object-src 'none'",
    `script-src 'self' ${PROVIDER_SCRIPTS.join(' ')}`,
    "script-src-attr 'none'",
    "style-src 'self' https: 'unsafe-inline'",
    `connect-src 'self' ${PROVIDER_CALLS.join(' ')}`,
  ].join(';');
};
