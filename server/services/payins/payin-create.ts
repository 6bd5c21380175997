import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, merchantBankAccounts, merchants, payins } from '../../db/schema';
import { conflict } from '../../errors';
import { PAYIN_TTL_MINUTES } from '../../../domain/payin';
import { rupeesOrNull } from '../../../domain/money';
import { auditFrom, auditValues, type Actor } from '../audit/audit';
import { checkSavedUrl, type UrlPolicy } from '../callbacks/callback-urls';
import { keptStatements } from '../common/list-statements';
import { payinStatusEntered } from '../common/metrics';
import { orderValues, paiseWithin } from '../merchants/merchant-orders';
import { createdRollup, rollupValues, rollupWritesPrepared } from '../ledger/rollups';
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
  return paiseWithin(value, field, merchant.minPayin, merchant.maxPayin);
};

/**
 * Customers' money goes only to an enabled, approved pay-in account linked to the merchant
 * (`merchantId`): the conditions over merchant_bank_accounts joined to bank_accounts.
 */
export const openPayinAccountOf = (merchantId: SQLWrapper | string) => [
  eq(merchantBankAccounts.merchantId, merchantId),
  eq(bankAccounts.enabled, true),
  eq(bankAccounts.usedFor, 'PAYIN'),
  sql`${bankAccounts.approvedAt} IS NOT NULL`,
];

const openPayinAccount = (db: DbOrTx, merchantId: SQLWrapper) =>
  db
    .select({ id: bankAccounts.id })
    .from(merchantBankAccounts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, merchantBankAccounts.bankAccountId))
    .where(and(...openPayinAccountOf(merchantId)))
    .limit(1);

/**
 * What a creation looks up first, in one statement prepared once (issue 15, item 2: round trips
 * per pay-in): the merchant's pay-in of this order id if any, and whether it has an open account.
 */
const lookupStatement = (db: Db) =>
  db
    .select({ row: payins, open: sql<boolean>`EXISTS (${openPayinAccount(db, merchants.id)})` })
    .from(merchants)
    .leftJoin(
      payins,
      and(eq(payins.merchantId, merchants.id), eq(payins.merchantOrderId, sql.placeholder('merchantOrderId'))),
    )
    .where(eq(merchants.id, sql.placeholder('merchantId')))
    .prepare('payin_create_lookup');

/**
 * The pay-in written with its rollups (a real one counted on its merchant's funnel) and its audit
 * row as one statement, atomic on its own: one round trip instead of five (BEGIN, three writes,
 * COMMIT). Nothing is written but the pay-in's row when its order id or short code is taken.
 */
const createStatement = (db: Db) => {
  const p = db.$with('p').as(
    db
      .insert(payins)
      .values({
        merchantId: sql.placeholder('merchantId'),
        merchantCode: sql.placeholder('merchantCode'),
        merchantOrderId: sql.placeholder('merchantOrderId'),
        customerId: sql.placeholder('customerId'),
        amount: sql.placeholder('amount'),
        amountFixed: sql.placeholder('amountFixed'),
        shortCode: sql.placeholder('shortCode'),
        test: sql.placeholder('test'),
        returnUrl: sql.placeholder('returnUrl'),
        expiresAt: sql`now() + make_interval(mins => ${sql.placeholder('ttl')}::int)`,
        createdBy: sql.placeholder('createdBy'),
      })
      .onConflictDoNothing()
      .returning(),
  );
  // A test pay-in is not counted on the funnel; the rollup values sent are those of one real pay-in.
  const w = rollupWritesPrepared(sql`EXISTS (SELECT 1 FROM p WHERE NOT p.test)`);
  const audited = auditFrom(sql`p`, sql`p.id`, { action: 'create', entity: 'payins' });
  const ctes = Object.entries({ ...w, audited }).map(([name, body]) => db.$with(name, {}).as(body));
  return db
    .with(p, ...ctes)
    .select()
    .from(p)
    .prepare('payin_create');
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
  db: Db,
  merchant: MerchantRow,
  input: NewPayin,
  opts: { urls: UrlPolicy; actor: Actor; ttlMinutes?: number },
): Promise<Created> => {
  const amount = input.amount === undefined ? null : amountWithinLimits(input.amount, merchant);
  if (input.returnUrl) await checkSavedUrl(input.returnUrl, 'return URL', 'returnUrl', opts.urls);
  const test = merchant.testMode || input.test === true;
  const asked: Asked = { amount, test, returnUrl: input.returnUrl ?? merchant.returnUrl ?? null };
  const [first] = await lookups(db, '', () => lookupStatement(db)).execute({
    merchantId: merchant.id,
    merchantOrderId: input.merchantOrderId,
  });
  if (first?.row) return replay(first.row, input, asked);
  if (!first?.open)
    throw conflict(
      'No bank account is open to collect payments for this merchant yet. Please contact the gateway.',
      'NO_PAYIN_ACCOUNT',
    );
  const values = {
    ...orderValues(merchant, input, opts.actor),
    amount,
    amountFixed: amount !== null,
    test,
    returnUrl: asked.returnUrl,
    ttl: opts.ttlMinutes ?? PAYIN_TTL_MINUTES,
    ...rollupValues([createdRollup(merchant.id)]),
    ...auditValues(opts.actor, {
      action: 'create',
      entity: 'payins',
      after: {
        merchantCode: merchant.code,
        merchantOrderId: input.merchantOrderId,
        customerId: input.customerId,
        amount: rupeesOrNull(amount),
        test,
      },
    }),
  };
  const create = creations(db, '', () => createStatement(db));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await create.execute({ ...values, shortCode: newShortCode() });
    if (row) {
      payinStatusEntered.inc({ status: row.status });
      return { row, created: true };
    }
    // Either the order id was taken meanwhile (answer as a replay) or the short code collided (try another).
    const raced = await findOrder(db, merchant.id, input.merchantOrderId);
    if (raced) return replay(raced, input, asked);
  }
  throw conflict('Could not create the pay-in. Please try again.', 'RETRY');
};

const lookups = keptStatements<ReturnType<typeof lookupStatement>>();
const creations = keptStatements<ReturnType<typeof createStatement>>();

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
