import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { bankAccounts, merchantBankAccounts, merchants, payins } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { PAYIN_TTL_MINUTES } from '../../domain/payin';
import { formatRupees } from '../../domain/format';
import { paiseToRupees } from '../../domain/money';
import { audit, type Actor } from './audit';
import { checkSavedUrl, type UrlPolicy } from './callback-urls';
import { paiseFrom } from './money-input';
import { rollUpCreated } from './rollups';
import { newShortCode, type PayinRow } from './payin-steps';

export type MerchantRow = typeof merchants.$inferSelect;

export interface NewPayin {
  merchantOrderId: string;
  customerId: string;
  amount?: number;
  returnUrl?: string;
  test?: boolean;
}

/** The amount a merchant or customer asks for, within the merchant's pay-in limits; 400 naming the field otherwise. */
export const amountWithinLimits = (
  value: unknown,
  merchant: Pick<MerchantRow, 'minPayin' | 'maxPayin'>,
  field = 'amount',
) => {
  const paise = paiseFrom(value, field);
  if (paise < merchant.minPayin || paise > merchant.maxPayin)
    throw badRequest(
      `${field} must be between ${formatRupees(merchant.minPayin / 100)} and ${formatRupees(merchant.maxPayin / 100)}`,
      field,
    );
  return paise;
};

/** Customers' money goes only to an enabled, approved pay-in account linked to the merchant. */
export const hasPayinAccount = async (db: DbOrTx, merchantId: string) => {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(merchantBankAccounts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, merchantBankAccounts.bankAccountId))
    .where(
      and(
        eq(merchantBankAccounts.merchantId, merchantId),
        eq(bankAccounts.enabled, true),
        eq(bankAccounts.usedFor, 'PAYIN'),
        sql`${bankAccounts.approvedAt} IS NOT NULL`,
      ),
    )
    .limit(1);
  return Boolean(row);
};

interface Asked {
  amount: number | null;
  test: boolean;
  returnUrl: string | null;
}

const sameRequest = (row: PayinRow, input: NewPayin, asked: Asked) =>
  row.customerId === input.customerId &&
  row.amountFixed === (asked.amount !== null) &&
  (asked.amount === null || row.amount === asked.amount) &&
  row.returnUrl === asked.returnUrl &&
  row.test === asked.test;

export interface Created {
  row: PayinRow;
  /** false: the same request had already created this pay-in (merchant order ids are idempotent). */
  created: boolean;
}

/**
 * Creates a pay-in for a merchant, INITIATED with a fresh short code and a link that expires.
 * The same merchant order id again answers the pay-in it made, when the request is the same.
 */
export const createPayin = async (
  db: DbOrTx,
  merchant: MerchantRow,
  input: NewPayin,
  opts: { urls: UrlPolicy; actor: Actor; ttlMinutes?: number },
): Promise<Created> => {
  const amount = input.amount === undefined ? null : amountWithinLimits(input.amount, merchant);
  if (input.returnUrl) await checkSavedUrl(input.returnUrl, 'return URL', 'returnUrl', opts.urls);
  const test = merchant.testMode || input.test === true;
  const asked: Asked = { amount, test, returnUrl: input.returnUrl ?? merchant.returnUrl ?? null };
  const existing = await findOrder(db, merchant.id, input.merchantOrderId);
  if (existing) return replay(existing, input, asked);
  if (!(await hasPayinAccount(db, merchant.id)))
    throw conflict(
      'No bank account is open to collect payments for this merchant yet. Please contact the gateway.',
      'NO_PAYIN_ACCOUNT',
    );
  const ttl = opts.ttlMinutes ?? PAYIN_TTL_MINUTES;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const made = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payins)
        .values({
          merchantId: merchant.id,
          merchantCode: merchant.code,
          merchantOrderId: input.merchantOrderId,
          customerId: input.customerId,
          amount,
          amountFixed: amount !== null,
          shortCode: newShortCode(),
          test,
          returnUrl: asked.returnUrl,
          expiresAt: sql`now() + make_interval(mins => ${ttl})`,
          createdBy: opts.actor.role ? (opts.actor.id ?? null) : null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await rollUpCreated(tx, [row]);
      await audit(tx, opts.actor, {
        action: 'create',
        entity: 'payins',
        entityId: row.id,
        after: {
          merchantCode: row.merchantCode,
          merchantOrderId: row.merchantOrderId,
          customerId: row.customerId,
          amount: amount === null ? null : paiseToRupees(amount),
          test,
        },
      });
      return { row, created: true };
    });
    if (made) return made;
    // Either the order id was taken meanwhile (answer as a replay) or the short code collided (try another).
    const raced = await findOrder(db, merchant.id, input.merchantOrderId);
    if (raced) return replay(raced, input, asked);
  }
  throw conflict('Could not create the pay-in. Please try again.', 'RETRY');
};

const findOrder = async (db: DbOrTx, merchantId: string, merchantOrderId: string) => {
  const [row] = await db
    .select()
    .from(payins)
    .where(and(eq(payins.merchantId, merchantId), eq(payins.merchantOrderId, merchantOrderId)));
  return row;
};

const replay = (row: PayinRow, input: NewPayin, asked: Asked): Created => {
  if (!sameRequest(row, input, asked))
    throw conflict(
      `merchantOrderId ${input.merchantOrderId} was already used for another pay-in request.`,
      'ORDER_ID_TAKEN',
    );
  return { row, created: false };
};
