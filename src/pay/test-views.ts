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

/** A pay-in ASSIGNED to a bank account, with its fixed amount and short code. */
export const assignedViewOf = (over: Partial<PayView> = {}): PayView =>
  payViewOf({
    status: 'ASSIGNED',
    amount: 1500,
    amountFixed: true,
    shortCode: 'K7M2Q',
    bank: {
      payeeName: 'Asha Stores',
      upiId: 'asha@okaxis',
      upiLink: 'upi://pay?pa=asha%40okaxis&pn=Asha%20Stores&am=1500.00&cu=INR&tn=K7M2Q',
      bankName: 'HDFC Bank',
      holderName: 'Asha Stores Pvt Ltd',
      accountNumber: '50100123456789',
      ifsc: 'HDFC0001234',
    },
    ...over,
  });
