/** Request bodies that several API test files send. */

/** A merchant's commercial terms in rupees and percent, as the merchant and approval forms send them. */
export const MERCHANT_TERMS = {
  minPayin: 100,
  maxPayin: 10000,
  payinFeePercent: 2,
  minPayout: 100,
  maxPayout: 10000,
  payoutFeePercent: 1,
};

/** The body that approves an on-boarding application as a merchant with its first user. */
export const approvalOf = (code: string, userName = code.toLowerCase(), password = 'Welcome-12345') => ({
  code,
  userName,
  password,
  ...MERCHANT_TERMS,
});

/** A new pay-in bank account of VEN-ALPHA. */
export const bankAccountBody = (nickname: string, extra: Record<string, unknown> = {}) => ({
  nickname,
  bankName: 'HDFC Bank',
  holderName: 'Alpha Collections',
  accountNumber: '123456789012',
  ifsc: 'HDFC0004321',
  upiId: 'alpha.new@hdfcbank',
  usedFor: 'PAYIN',
  minPayin: 100,
  maxPayin: 50000,
  vendorCode: 'VEN-ALPHA',
  ...extra,
});
