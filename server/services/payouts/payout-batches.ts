import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { payouts } from '../../db/schema';
import { conflict } from '../../errors';
import { merchantAccount } from '../../../domain/ledger';
import { paiseToRupees } from '../../../domain/money';
import { availableOf, holdOf, mayHold } from '../../../domain/payout';
import { auditAll, type Actor } from '../audit/audit';
import { insufficientBalance, lockForHolds, placeHolds } from '../ledger/holds';
import type { CreatedPayout, MerchantRow, NewPayout, PayoutRow } from './payout-create';

/** A pay-out asked for, checked and priced, waiting to be written (createPayout). */
export interface Creation {
  merchant: MerchantRow;
  input: NewPayout;
  values: typeof payouts.$inferInsert & { merchantId: string; merchantOrderId: string; amount: number; fee: number };
  /** What a replay of the same order id must match. */
  asked: Record<string, unknown>;
  actor: Actor;
}

/** The hold a pay-out takes at creation, and again when a rejected one is reset: one key per version. */
export const holdKey = (row: Pick<PayoutRow, 'id' | 'version'>) => `payout:${row.id}:hold:${row.version}`;

/** The pay-out an order id already made, when the request is the same; 409 ORDER_ID_TAKEN otherwise. */
export const replay = (row: PayoutRow, input: NewPayout, asked: Record<string, unknown>): CreatedPayout => {
  const same = Object.entries(asked).every(([k, v]) => row[k as keyof PayoutRow] === v);
  if (!same)
    throw conflict(
      `merchantOrderId ${input.merchantOrderId} was already used for another pay-out request.`,
      'ORDER_ID_TAKEN',
    );
  return { row, created: false };
};

const replayed = (row: PayoutRow | undefined, item: Creation): CreatedPayout | Error => {
  if (!row) return conflict('Could not create the pay-out. Please try again.', 'RETRY');
  try {
    return replay(row, item.input, item.asked);
  } catch (error) {
    return error as Error;
  }
};

const createdEvent = (row: PayoutRow) => ({
  action: 'create' as const,
  entity: 'payouts' as const,
  entityId: row.id,
  after: {
    merchantCode: row.merchantCode,
    merchantOrderId: row.merchantOrderId,
    customerId: row.customerId,
    amount: paiseToRupees(row.amount),
    fee: paiseToRupees(row.fee),
    test: row.test,
  },
});

/** A merchant's order id, the key under which a pay-out is made once. */
const orderOf = (v: { merchantId: string; merchantOrderId: string }) => `${v.merchantId}:${v.merchantOrderId}`;

type Money = { id: number; balance: number; held: number };
type Answers = (CreatedPayout | Error | undefined)[];

/**
 * The pay-outs that fit, decided in their order and inserted; the money of one whose order id
 * turns out to be taken is offered again to those refused. Answers those refused, and says which
 * ones a pay-out already made under their order id answers (repeats).
 */
const insertFitting = async (tx: DbOrTx, items: Creation[], moneyOf: (i: number) => Money | null, answers: Answers) => {
  const done: { i: number; row: PayoutRow }[] = [];
  const taken = new Set<string>();
  const repeats: number[] = [];
  let short: number[] = [];
  let waiting = items.map((_, i) => i);
  while (waiting.length > 0) {
    const going: number[] = [];
    short = [];
    for (const i of waiting) {
      const { values } = items[i];
      const money = moneyOf(i);
      if (taken.has(orderOf(values))) repeats.push(i);
      else if (money && !mayHold(money, holdOf(values))) {
        answers[i] = insufficientBalance(availableOf(money), holdOf(values));
        short.push(i);
      } else {
        if (money) money.held += holdOf(values);
        taken.add(orderOf(values));
        going.push(i);
      }
    }
    const rows =
      going.length === 0
        ? []
        : await insertPayouts(
            tx,
            going.map((i) => items[i].values),
          );
    const made = new Map(rows.map((r) => [orderOf(r), r]));
    let freed = false;
    for (const i of going) {
      const row = made.get(orderOf(items[i].values));
      const money = moneyOf(i);
      if (row) done.push({ i, row });
      else {
        repeats.push(i);
        if (money) money.held -= holdOf(items[i].values);
        freed ||= money !== null;
      }
    }
    waiting = freed ? short : [];
  }
  // A refused one may be a merchant asking again for a pay-out made before: it gets that pay-out.
  return { done, repeats, refused: short.filter((i) => !taken.has(orderOf(items[i].values))) };
};

/**
 * Pay-outs of any merchants in one transaction, decided in their order as if one after another:
 * the merchants' accounts locked once, each pay-out going while its hold fits what its merchant
 * still has available (the others refused, nothing written for them), then a statement each for
 * the pay-outs, their holds with `held`, and the audit events. An order id already used (before,
 * by another writer meanwhile, or earlier in the batch) is answered with the pay-out it made, as a
 * replay. Throws only when nothing was committed. A test pay-out (test mode) holds nothing.
 */
export const writeCreations = async (db: Db, all: Creation[]): Promise<(CreatedPayout | Error)[]> => {
  // Order ids already used are answered from what is committed, before any lock: an insert under a
  // taken order id waits on that pay-out's row, which a staff change holds while it waits for the
  // merchant's account this batch would lock (a deadlock, 503 for the 409 owed).
  const earlier = await ordersOf(
    db,
    all.map((item) => item.values),
  );
  const firsts = all.filter((item) => !earlier.has(orderOf(item.values)));
  const written = firsts.length === 0 ? [] : await writeNew(db, firsts);
  const slot = new Map(firsts.map((item, i) => [item, i]));
  return all.map((item) => {
    const row = earlier.get(orderOf(item.values));
    return row ? replayed(row, item) : written[slot.get(item)!];
  });
};

/** writeCreations of pay-outs whose order ids were free a moment ago. */
const writeNew = async (db: Db, items: Creation[]): Promise<(CreatedPayout | Error)[]> => {
  const answers: Answers = items.map(() => undefined);
  const keyOf = (item: Creation) => (item.merchant.testMode ? null : merchantAccount(item.merchant.id));
  const nothingMade = new Error('every pay-out of the batch was refused or repeated');
  await db
    .transaction(async (tx) => {
      const accounts = await lockForHolds(
        tx,
        items.flatMap((item) => keyOf(item) ?? []),
      );
      const moneyOf = (i: number) => {
        const key = keyOf(items[i]);
        return key ? accounts.get(key)! : null;
      };
      const { done, repeats, refused } = await insertFitting(tx, items, moneyOf, answers);
      if (repeats.length + refused.length > 0) {
        const found = await ordersOf(
          tx,
          [...repeats, ...refused].map((i) => items[i].values),
        );
        for (const i of repeats) answers[i] = replayed(found.get(orderOf(items[i].values)), items[i]);
        for (const i of refused) {
          const row = found.get(orderOf(items[i].values));
          if (row) answers[i] = replayed(row, items[i]);
        }
      }
      await placeHolds(
        tx,
        done.flatMap(({ i, row }) => {
          const money = moneyOf(i);
          return money
            ? [{ key: holdKey(row), accountId: money.id, amount: holdOf(row), entity: 'payouts', entityId: row.id }]
            : [];
        }),
      );
      await auditAll(
        tx,
        done.map(({ i, row }) => ({ actor: items[i].actor, event: createdEvent(row) })),
      );
      for (const { i, row } of done) answers[i] = { row, created: true };
      // A refused pay-out writes nothing, not even the empty ledger account opened to check its balance.
      if (done.length === 0) throw nothingMade;
    })
    .catch((error: unknown) => {
      if (error !== nothingMade) throw error;
    });
  return answers.map((a) => a ?? conflict('Could not create the pay-out. Please try again.', 'RETRY'));
};

const insertPayouts = (tx: DbOrTx, values: Creation['values'][]) =>
  tx.insert(payouts).values(values).onConflictDoNothing().returning();

/** The pay-outs made under these merchants' order ids, by orderOf. */
const ordersOf = async (tx: DbOrTx, orders: { merchantId: string; merchantOrderId: string }[]) => {
  const rows = await tx
    .select()
    .from(payouts)
    .where(
      sql`(${payouts.merchantId}, ${payouts.merchantOrderId}) IN (SELECT * FROM unnest(${sql.param(orders.map((o) => o.merchantId))}::uuid[], ${sql.param(orders.map((o) => o.merchantOrderId))}::text[]))`,
    );
  return new Map(rows.map((r) => [orderOf(r), r]));
};
