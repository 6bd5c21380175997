import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { merchantBankAccounts, merchants, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordsSuspension, toggleRefusal } from '../../../domain/merchant';
import type { MerchantWithKey } from '../../schemas/merchants';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { generateApiKey, generateSigningSecret } from './keys';
import { findVisibleMerchant, presentMerchant } from './merchants-list';

// A merchant's standing: enabled or suspended, its API key rotated, deleted while it has no history.

type Row = typeof merchants.$inferSelect;

const suspensionOf = (row: Row) => ({
  enabled: row.enabled,
  suspendedBy: row.suspendedBy,
  suspendedByRole: row.suspendedByRole,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
});

/**
 * Staff enable or disable any merchant; a merchant admin its sub-merchants, never lifting a staff
 * suspension (domain/merchant). Who suspended is recorded on disable and cleared on enable.
 */
export const setMerchantEnabled = async (db: Db, user: SessionUser, id: string, enabled: boolean, ip?: string) =>
  db.transaction(async (tx) => {
    const before = await findVisibleMerchant(tx, user, id, true);
    const refusal = toggleRefusal(user.role, presentMerchant(before), enabled);
    if (refusal) throw new AppError(403, 'STAFF_ONLY', refusal);
    const suspension = enabled
      ? { suspendedBy: null, suspendedByRole: null, suspendedAt: null }
      : recordsSuspension(user.role, before)
        ? { suspendedBy: user.id, suspendedByRole: user.role, suspendedAt: sql`now()` }
        : {};
    const [after] = await tx
      .update(merchants)
      .set({ enabled, ...suspension, updatedAt: sql`now()` })
      .where(eq(merchants.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      {
        action: enabled ? 'enable' : 'disable',
        entity: 'merchants',
        entityId: id,
        before: suspensionOf(before),
        after: suspensionOf(after),
      },
    );
    return presentMerchant(after);
  });

export const rotateMerchantKey = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx): Promise<MerchantWithKey> => {
    const before = await findVisibleMerchant(tx, user, id, true);
    const key = generateApiKey(before.testMode);
    const signingSecret = generateSigningSecret();
    const [after] = await tx
      .update(merchants)
      .set({ apiKeyHash: key.hash, apiKeyPrefix: key.prefix, signingSecret, updatedAt: sql`now()` })
      .where(eq(merchants.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      {
        action: 'rotate',
        entity: 'merchants',
        entityId: id,
        before: { apiKeyPrefix: before.apiKeyPrefix },
        after: { apiKeyPrefix: key.prefix },
      },
    );
    return { ...presentMerchant(after), apiKey: key.key, signingSecret };
  });

/** A merchant with history (sub-merchants, users, bank links) is disabled, never deleted. */
export const deleteMerchant = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    const row = await findVisibleMerchant(tx, user, id, true);
    const [[subs], [links], [people]] = await Promise.all([
      tx.select({ n: count() }).from(merchants).where(eq(merchants.parentId, id)),
      tx.select({ n: count() }).from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, id)),
      tx
        .select({ n: count() })
        .from(users)
        .where(sql`${users.merchantCodes} @> ARRAY[${row.code}]::text[]`),
    ]);
    if (subs.n + links.n + people.n > 0) {
      throw new AppError(
        409,
        'HAS_HISTORY',
        'This merchant has sub-merchants, users or bank accounts: disable it instead of deleting it.',
      );
    }
    await tx.delete(merchants).where(eq(merchants.id, id));
    await audit(
      tx,
      { ...user, ip },
      { action: 'delete', entity: 'merchants', entityId: id, before: presentMerchant(row) },
    );
    return presentMerchant(row);
  });
