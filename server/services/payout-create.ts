import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { merchants, payouts } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { merchantAccount } from '../../domain/ledger';
import { formatRupees } from '../../domain/format';
import { paiseToRupees } from '../../domain/money';
import { holdOf, payoutFee } from '../../domain/payout';
import { audit, type Actor } from './audit';
import { placeHold } from './holds';
import { paiseFrom } from './money-input';

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

/** The hold a pay-out takes at creation, and again when a rejected one is reset: one key per version. */
export const holdKey = (row: Pick<PayoutRow, 'id' | 'version'>) => `payout:${row.id}:hold:${row.version}`;

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
 * merchant order id again answers the pay-out it made, when the request is the same.
 */
export const createPayout = async (
  db: Db,
  merchant: MerchantRow,
  input: NewPayout,
  opts: { actor: Actor },
): Promise<CreatedPayout> => {
  const amount = paiseFrom(input.amount, 'amount');
  if (amount < merchant.minPayout || amount > merchant.maxPayout)
    throw badRequest(
      `amount must be between ${formatRupees(merchant.minPayout / 100)} and ${formatRupees(merchant.maxPayout / 100)}`,
      'amount',
    );
  const beneficiary = beneficiaryOf(input.beneficiary);
  const fee = payoutFee(amount, merchant.payoutFeeBps);
  const test = merchant.testMode;
  const asked = { customerId: input.customerId, amount, test, ...beneficiary };
  const existing = await findOrder(db, merchant.id, input.merchantOrderId);
  if (existing) return replay(existing, input, asked);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payouts)
      .values({
        merchantId: merchant.id,
        merchantCode: merchant.code,
        merchantOrderId: input.merchantOrderId,
        customerId: input.customerId,
        amount,
        fee,
        test,
        ...beneficiary,
        createdBy: opts.actor.role ? (opts.actor.id ?? null) : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const raced = await findOrder(tx, merchant.id, input.merchantOrderId);
      if (raced) return replay(raced, input, asked);
      throw conflict('Could not create the pay-out. Please try again.', 'RETRY');
    }
    if (!test)
      await placeHold(tx, {
        key: holdKey(row),
        account: merchantAccount(merchant.id),
        amount: holdOf(row),
        entity: 'payouts',
        entityId: row.id,
      });
    await audit(tx, opts.actor, {
      action: 'create',
      entity: 'payouts',
      entityId: row.id,
      after: {
        merchantCode: row.merchantCode,
        merchantOrderId: row.merchantOrderId,
        customerId: row.customerId,
        amount: paiseToRupees(amount),
        fee: paiseToRupees(fee),
        test,
      },
    });
    return { row, created: true };
  });
};

export const findOrder = async (db: DbOrTx, merchantId: string, merchantOrderId: string) => {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.merchantId, merchantId), eq(payouts.merchantOrderId, merchantOrderId)));
  return row;
};

const replay = (row: PayoutRow, input: NewPayout, asked: Record<string, unknown>): CreatedPayout => {
  const same = Object.entries(asked).every(([k, v]) => row[k as keyof PayoutRow] === v);
  if (!same)
    throw conflict(
      `merchantOrderId ${input.merchantOrderId} was already used for another pay-out request.`,
      'ORDER_ID_TAKEN',
    );
  return { row, created: false };
};
