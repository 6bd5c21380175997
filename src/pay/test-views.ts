import type { PayView } from './api';

/** A pay-in as GET /v1/pay/{id} answers it, INITIATED with no amount; tests change what they need. */
export const payViewOf = (over: Partial<PayView> = {}): PayView => ({
  status: 'INITIATED',
  merchantName: 'Asha Stores',
  amount: null,
  amountFixed: false,
  minAmount: 100,
  maxAmount: 50000,
  shortCode: null,
  bank: null,
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  utrSubmitted: false,
  screenshotSubmitted: false,
  returnUrl: null,
  test: false,
  source: 'Manual',
  intentProviders: [],
  ...over,
});
