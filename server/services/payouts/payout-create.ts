import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { merchants, payouts } from '../../db/schema';
import { badRequest } from '../../errors';
import { feeOf, paiseToRupees } from '../../../domain/money';
import { accountBatches } from '../common/account-batches';
import type { Actor } from '../audit/audit';
import { holdKey, writeCreations, type Creation } from './payout-batches';
import { orderValues, paiseWithin } from '../merchants/merchant-orders';

export { holdKey };

export type MerchantRow = typeof merchants.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export interface NewPayout {
  merchantOrderId: string;
  customerId: string;
  amount: number;
  beneficiary: { accountHolder?: string; accountNumber?: string; ifsc?: string; bankName?: string; upiId?: string };
}

/** The fields of a pay-out its merchant is told about, in rupees: the status API's and the callback's `data`. */
export const payoutData = (row: PayoutRow) => ({
  id: row.id,
  merchantOrderId: row.merchantOrderId,
  status: row.status,
  amount: paiseToRupees(row.amount),
  fee: paiseToRupees(row.fee),
  utr: row.utr,
  reason: row.reason,
  updatedAt: row.updatedAt.toISOString(),
});

export const BENEFICIARY_MESSAGE =
  'beneficiary must be a bank account (accountHolder, accountNumber and ifsc, bankName if you like) or a upiId, not both';

/** The beneficiary as stored: a bank account or a UPI id, trimmed, IFSC in capitals; 400 otherwise. */
const beneficiaryOf = (b: NewPayout['beneficiary']) => {
  const bankFields = [b.accountHolder, b.accountNumber, b.ifsc, b.bankName].filter((v) => v !== undefined);
  if (b.upiId !== undefined && bankFields.length === 0)
    return { upiId: b.upiId.trim(), accountHolder: null, accountNumber: null, ifsc: null, bankName: null };
  if (b.upiId !== undefined || !b.accountHolder || !b.accountNumber || !b.ifsc)
    throw badRequest(BENEFICIARY_MESSAGE, 'beneficiary');
  return {
    upiId: null,
    accountHolder: b.accountHolder.trim().replace(/\s+/g, ' '),
    accountNumber: b.accountNumber.trim(),
    ifsc: b.ifsc.trim().toUpperCase(),
    bankName: b.bankName?.trim() || null,
  };
};

export interface CreatedPayout {
  row: PayoutRow;
  /** false: the same request had already created this pay-out (merchant order ids are idempotent). */
  created: boolean;
}

/**
 * Creates a pay-out INITIATED and holds its amount and fee on the merchant's balance, in one
 * transaction: refused (409 INSUFFICIENT_BALANCE) when the merchant's available balance does not
 * cover both, and then nothing is written. A test pay-out (test mode) holds nothing. The same
 * merchant order id again answers the pay-out it made, when the request is the same. Creations
 * that arrive together are written together (account-batches.ts, writeCreations).
 */
export const createPayout = async (
  db: Db,
  merchant: MerchantRow,
  input: NewPayout,
  opts: { actor: Actor },
): Promise<CreatedPayout> => {
  const amount = paiseWithin(input.amount, 'amount', merchant.minPayout, merchant.maxPayout);
  const beneficiary = beneficiaryOf(input.beneficiary);
  const fee = feeOf(amount, merchant.payoutFeeBps);
  const test = merchant.testMode;
  const asked = { customerId: input.customerId, amount, test, ...beneficiary };
  const values = {
    ...orderValues(merchant, input, opts.actor),
    amount,
    fee,
    test,
    ...beneficiary,
  };
  return creationsOf(db)({ merchant, input, values, asked, actor: opts.actor });
};

const batches = new WeakMap<Db, (creation: Creation) => Promise<CreatedPayout>>();
const creationsOf = (db: Db) => {
  const known = batches.get(db);
  if (known) return known;
  const add = accountBatches<Creation, CreatedPayout>((items) => writeCreations(db, items));
  batches.set(db, add);
  return add;
};

export const findOrder = async (db: DbOrTx, merchantId: string, merchantOrderId: string) => {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.merchantId, merchantId), eq(payouts.merchantOrderId, merchantOrderId)));
  return row;
};
