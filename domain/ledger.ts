/**
 * The ledger's posting rules (DESIGN §3, reference §2). Every money event is one journal whose
 * entries sum to zero, in integer paise. An entry's amount is signed: positive debits the account,
 * negative credits it. What the gateway holds in a bank account is an asset (debit-normal); what it
 * owes a merchant and what it earned are credit-normal, so their balances are shown negated.
 */
export type AccountKind = 'merchant' | 'bank' | 'income' | 'provider' | 'vendor' | 'treasury';

/** A ledger account is named by its kind and owner: `merchant:<id>`, `bank:<id>`, `income:payin-fees`. */
export type AccountKey = `${AccountKind}:${string}`;

export const merchantAccount = (merchantId: string): AccountKey => `merchant:${merchantId}`;
export const bankAccount = (bankAccountId: string): AccountKey => `bank:${bankAccountId}`;
export const PAYIN_FEES: AccountKey = 'income:payin-fees';
export const PAYOUT_FEES: AccountKey = 'income:payout-fees';
/** What the gateway pays vendors for collecting and paying through their accounts (a cost: debited). */
export const VENDOR_COMMISSIONS: AccountKey = 'income:vendor-commissions';
/** The gateway's wallet at Eko, from which Eko's transfers are paid (an asset, as a bank account). */
export const EKO_WALLET: AccountKey = 'provider:eko';
/**
 * What a payment provider collected for the gateway and will pay into its bank (issue 14): the
 * clearing account of a pay-in paid through RazorPay, CashFree or PayU (an asset, as a bank account).
 */
export const providerClearing = (provider: 'razorpay' | 'cashfree' | 'payu'): AccountKey => `provider:${provider}`;

/**
 * A vendor's own account (issue 12): with its bank accounts' it makes what the vendor holds of the
 * gateway's money (debit-normal); its settlements are credited here.
 */
export const vendorAccount = (vendorId: string): AccountKey => `vendor:${vendorId}`;
/**
 * The gateway's own money outside the vendors' accounts (an asset): vendors' settlements come in,
 * merchants' settlements and chargebacks go out.
 */
export const TREASURY: AccountKey = 'treasury:gateway';

export const kindOf = (key: AccountKey): AccountKind => key.slice(0, key.indexOf(':')) as AccountKind;

/** Balances shown to people: what the gateway owes a merchant, holds in a bank, has earned. */
export const shownBalance = (key: AccountKey, ledgerBalance: number): number =>
  kindOf(key) === 'merchant' || kindOf(key) === 'income' ? -ledgerBalance : ledgerBalance;

/**
 * Accounts that every pay-in of every merchant touches would make all postings wait on one row
 * lock. Their entries are kept, but no running balance is cached on their row: it is summed when
 * read (reference §2, "hot accounts").
 */
export const cachesBalance = (key: AccountKey): boolean =>
  kindOf(key) !== 'income' && kindOf(key) !== 'provider' && kindOf(key) !== 'treasury';

export interface Line {
  account: AccountKey;
  amount: number;
}

export class UnbalancedJournal extends Error {}

/** A journal is whole paise, no empty lines, and sums to zero; otherwise it is never written. */
export const checkBalanced = (lines: readonly Line[]): void => {
  if (lines.length < 2) throw new UnbalancedJournal('a journal has at least two entries');
  let sum = 0n;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0)
      throw new UnbalancedJournal(`entry of ${line.account} must be a whole, non-zero number of paise`);
    sum += BigInt(line.amount);
  }
  if (sum !== 0n) throw new UnbalancedJournal(`entries sum to ${sum} paise, not zero`);
};

const missing = (what: string): never => {
  throw new UnbalancedJournal(`${what} is missing`);
};

const withoutZeros = (lines: Line[]): Line[] => lines.filter((l) => l.amount !== 0);

/**
 * The commission a vendor earns on money through one of its accounts (DESIGN §5: its account less
 * its commission): what it holds of the gateway's money is that much less, at the gateway's cost.
 */
export interface VendorCommission {
  vendorId: string;
  /** Paise, from the vendor's pay-in or pay-out percentage (feeOf of its basis points). */
  commission: number;
}

const commissionLines = (v: VendorCommission | null | undefined): Line[] =>
  v && v.commission > 0
    ? [
        { account: VENDOR_COMMISSIONS, amount: v.commission },
        { account: vendorAccount(v.vendorId), amount: -v.commission },
      ]
    : [];

/**
 * A pay-in succeeded: the customer's money is in the bank account (or with the provider that
 * collected it, `collectedIn`); the merchant is owed it less the gateway's fee, which the gateway earned.
 */
export const payinSuccess = (p: {
  merchantId: string;
  bankAccountId?: string;
  collectedIn?: AccountKey;
  confirmedAmount: number;
  fee: number;
  vendor?: VendorCommission | null;
}): Line[] =>
  withoutZeros([
    {
      account: p.collectedIn ?? bankAccount(p.bankAccountId ?? missing('the account that collected the pay-in')),
      amount: p.confirmedAmount,
    },
    { account: merchantAccount(p.merchantId), amount: -(p.confirmedAmount - p.fee) },
    { account: PAYIN_FEES, amount: -p.fee },
    ...commissionLines(p.vendor),
  ]);

/**
 * A pay-out succeeded (issue 11): the merchant is owed its amount and fee less, the account that
 * paid (a pay-out bank account by hand, or the Eko wallet) holds the amount less, and the gateway
 * earned the fee. Posted when the hold taken at creation is released, in the same transaction.
 */
export const payoutSuccess = (p: {
  merchantId: string;
  paidFrom: AccountKey;
  amount: number;
  fee: number;
  vendor?: VendorCommission | null;
}): Line[] =>
  withoutZeros([
    { account: merchantAccount(p.merchantId), amount: p.amount + p.fee },
    { account: p.paidFrom, amount: -p.amount },
    { account: PAYOUT_FEES, amount: -p.fee },
    ...commissionLines(p.vendor),
  ]);

/**
 * A merchant settlement paid, or a chargeback taken (issue 12): the gateway owes the merchant that
 * much less, and the money left the gateway's own funds.
 */
export const merchantPaidOut = (p: { merchantId: string; amount: number }): Line[] => [
  { account: merchantAccount(p.merchantId), amount: p.amount },
  { account: TREASURY, amount: -p.amount },
];

/**
 * A vendor settled (issue 12): the vendor holds that much less of the gateway's money, which is now
 * in the gateway's own funds, or, for an internal transfer, in the account whose bank entry shows it.
 */
export const vendorSettled = (p: { vendorId: string; amount: number; into: AccountKey }): Line[] => [
  { account: p.into, amount: p.amount },
  { account: vendorAccount(p.vendorId), amount: -p.amount },
];

/** A correction: the same entries with the opposite sign, posted as a new journal. */
export const reversal = (lines: readonly Line[]): Line[] =>
  lines.map((l) => ({ account: l.account, amount: -l.amount }));
