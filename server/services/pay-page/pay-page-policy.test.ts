import { describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../providers/provider-config';
import { payPagePolicy } from './pay-page-policy';

const payu = (apiBase: string): ProviderSettings => ({
  provider: 'payu',
  keyId: 'k',
  keySecret: 's',
  webhookSecret: null,
  apiBase,
  enabled: true,
  configured: true,
  fromEnv: { keyId: false, keySecret: false, webhookSecret: false, apiBase: false },
});

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ');

describe('payPagePolicy', () => {
  it("lets the page load the providers' checkout scripts and nothing else from outside", () => {
    expect(directive(payPagePolicy([]), 'script-src')).toEqual([
      "'self'",
      'https://checkout.razorpay.com',
      'https://sdk.cashfree.com',
    ]);
    expect(directive(payPagePolicy([]), 'object-src')).toEqual(["'none'"]);
  });

  it("posts forms only to itself and to PayU's configured host", () => {
    expect(directive(payPagePolicy([payu('https://test.payu.in/')]), 'form-action')).toEqual([
      "'self'",
      'https://test.payu.in',
    ]);
    expect(directive(payPagePolicy([payu('http://127.0.0.1:4100/base')]), 'form-action')).toEqual([
      "'self'",
      'http://127.0.0.1:4100',
    ]);
    expect(directive(payPagePolicy([payu('not a url')]), 'form-action')).toEqual(["'self'"]);
  });
});
