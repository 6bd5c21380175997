import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { merchantBankAccounts, merchants } from '../../db/schema';
import { badRequest } from '../../errors';
import type { LinkBody } from '../../schemas/bank-accounts';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { findVisible, viewBankAccount } from './bank-accounts-list';

/** The merchants named, and with includeSubMerchants their enabled sub-merchants too. */
const merchantIdsFor = async (tx: DbOrTx, codes: string[], includeSubMerchants: boolean) => {
  const named = await tx
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.code, codes));
  const missing = codes.filter((c) => !named.some((m) => m.code === c));
  if (missing.length > 0) throw badRequest(`Unknown merchant ${missing.join(', ')}`, 'merchantCodes');
  const ids = named.map((m) => m.id);
  if (!includeSubMerchants || ids.length === 0) return ids;
  const subs = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(inArray(merchants.parentId, ids), eq(merchants.enabled, true)));
  return [...new Set([...ids, ...subs.map((s) => s.id)])];
};

/** Links (or unlinks) merchants to an account the caller can see. */
const changeLinks = (link: boolean) => async (db: Db, user: SessionUser, id: string, input: LinkBody, ip?: string) =>
  db.transaction(async (tx) => {
    await findVisible(tx, user, id, true);
    const merchantIds = await merchantIdsFor(tx, input.merchantCodes, Boolean(input.includeSubMerchants));
    const before = (await viewBankAccount(tx, user, id)).merchantCodes;
    if (link) {
      await tx
        .insert(merchantBankAccounts)
        .values(merchantIds.map((merchantId) => ({ merchantId, bankAccountId: id })))
        .onConflictDoNothing();
    } else {
      await tx
        .delete(merchantBankAccounts)
        .where(and(eq(merchantBankAccounts.bankAccountId, id), inArray(merchantBankAccounts.merchantId, merchantIds)));
    }
    const after = await viewBankAccount(tx, user, id);
    await audit(
      tx,
      { ...user, ip },
      {
        action: link ? 'link' : 'unlink',
        entity: 'bank-accounts',
        entityId: id,
        before: { merchantCodes: before },
        after: { merchantCodes: after.merchantCodes },
      },
    );
    return after;
  });

export const linkMerchants = changeLinks(true);
export const unlinkMerchants = changeLinks(false);
