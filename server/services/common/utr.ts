import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { utrUses } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { isUtr, normaliseUtr, UTR_FORMAT } from '../../../domain/payin';
import { utrUsedMessage, type UtrUse, type UtrUser } from '../../../domain/utr-uses';

/* A UTR (a bank transfer's reference): as typed, the one lock on it, and its one use (utr_uses). */

/** A UTR as typed: spaces stripped, 12 digits; 400 naming the field otherwise. */
export const utrFrom = (value: string, field = 'utr') => {
  const utr = normaliseUtr(value);
  if (!isUtr(utr)) throw badRequest(`UTR must be ${UTR_FORMAT.description}`, field);
  return utr;
};

/**
 * Everything that decides about one UTR runs one at a time: the customer's submission, staff's
 * entry of it and the bank entry's arrival. Taken first, before any row lock, in every path.
 */
export const lockUtr = (tx: DbOrTx, utr: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`utr:${utr}`}, 0))`);

/** The use of a UTR, if it has one, with what a person calls its record. */
export const utrUseOf = async (tx: DbOrTx, utr: string): Promise<UtrUse | null> => {
  const { rows } = await tx.execute<{ utr: string; entity: UtrUser; entity_id: string; label: string | null }>(sql`
    SELECT u.utr, u.entity, u.entity_id, CASE u.entity
        WHEN 'payins' THEN (SELECT merchant_code || ' ' || merchant_order_id FROM payins WHERE id = u.entity_id)
        WHEN 'payouts' THEN (SELECT merchant_code || ' ' || merchant_order_id FROM payouts WHERE id = u.entity_id)
        WHEN 'settlements' THEN (SELECT 'of ' || merchant_code FROM settlements WHERE id = u.entity_id)
        ELSE (SELECT 'of ' || v.code FROM vendor_settlements s JOIN vendors v ON v.id = s.vendor_id WHERE s.id = u.entity_id)
      END AS label
    FROM utr_uses u WHERE u.utr = ${utr}`);
  const [row] = rows;
  return row ? { utr: row.utr, entity: row.entity, entityId: row.entity_id, label: row.label } : null;
};

export const utrUsed = (use: UtrUse) => conflict(utrUsedMessage(use), 'UTR_USED');

export interface UtrToUse {
  utr: string;
  entity: UtrUser;
  entityId: string;
  createdBy?: string | null;
}

/**
 * Marks UTRs used by these records, in the caller's transaction: the UTR is the table's key, so of
 * two steps using one UTR, however concurrent, the second finds it taken (409 UTR_USED naming the
 * first). A record using its own UTR again is no second use.
 */
export const claimUtrs = async (tx: DbOrTx, uses: UtrToUse[]) => {
  if (uses.length === 0) return;
  const taken = await tx
    .insert(utrUses)
    .values(uses.map((u) => ({ ...u, createdBy: u.createdBy ?? null })))
    .onConflictDoNothing()
    .returning({ utr: utrUses.utr });
  if (taken.length === uses.length) return;
  const got = new Set(taken.map((t) => t.utr));
  for (const u of uses.filter((x) => !got.has(x.utr))) {
    const held = await utrUseOf(tx, u.utr);
    if (held && (held.entity !== u.entity || held.entityId !== u.entityId)) throw utrUsed(held);
  }
};

/**
 * A UTR the provider reports for a payment it made: kept as used when free, but the provider's word
 * is not refused (a clash is the reconciliation's to show, as a UTR used twice).
 */
export const noteUtr = (tx: DbOrTx, use: UtrToUse) =>
  tx
    .insert(utrUses)
    .values({ ...use, createdBy: use.createdBy ?? null })
    .onConflictDoNothing();

export const claimUtr = (tx: DbOrTx, use: UtrToUse) => claimUtrs(tx, [use]);

/** A record's step undone (a reset, an entry freed): its UTR is free for the payment it really was. */
export const freeUtrsOf = (tx: DbOrTx, entity: UtrUser, entityIds: string[]) =>
  entityIds.length === 0
    ? Promise.resolve()
    : tx.delete(utrUses).where(and(eq(utrUses.entity, entity), inArray(utrUses.entityId, entityIds)));
