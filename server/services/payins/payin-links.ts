import { and, asc, eq, gte, ne } from 'drizzle-orm';
import { canUseScreen } from '../../../domain/access';
import { paiseToRupees } from '../../../domain/money';
import type { Db } from '../../db';
import { bankEntries, liens, settlements } from '../../db/schema';
import type { SessionUser } from '../common/session-user';

export interface PayinLinks {
  bankEntry: { id: string; utr: string } | null;
  chargeback: { id: string; amount: number } | null;
  nextSettlement: { id: string; status: string; createdAt: string } | null;
}

/**
 * The records a pay-in leads to (issue 31, item 9), each only for a role that may open its screen:
 * the bank credit that paid it, its chargeback, and the merchant's first settlement made after the
 * pay-in was paid (a settlement pays out a balance, not named pay-ins, so this is the next one, not a
 * claim that it carried this money).
 */
export const linksOf = async (
  db: Db,
  user: SessionUser,
  payin: { id: string; merchantCode: string; status: string; completedAt: Date | null },
): Promise<PayinLinks> => {
  const links: PayinLinks = { bankEntry: null, chargeback: null, nextSettlement: null };
  if (canUseScreen(user.role, 'add-data')) {
    const [entry] = await db
      .select({ id: bankEntries.id, utr: bankEntries.utr })
      .from(bankEntries)
      .where(eq(bankEntries.payinId, payin.id))
      .limit(1);
    links.bankEntry = entry ?? null;
  }
  if (canUseScreen(user.role, 'lien')) {
    const [lien] = await db
      .select({ id: liens.id, amount: liens.amount })
      .from(liens)
      .where(eq(liens.payinId, payin.id))
      .limit(1);
    links.chargeback = lien ? { id: lien.id, amount: paiseToRupees(lien.amount) } : null;
  }
  const paidAt = payin.status === 'SUCCESS' ? payin.completedAt : null;
  if (paidAt && canUseScreen(user.role, 'settlements')) {
    const [next] = await db
      .select({ id: settlements.id, status: settlements.status, createdAt: settlements.createdAt })
      .from(settlements)
      .where(
        and(
          eq(settlements.merchantCode, payin.merchantCode),
          gte(settlements.createdAt, paidAt),
          ne(settlements.status, 'REJECTED'),
        ),
      )
      .orderBy(asc(settlements.createdAt), asc(settlements.id))
      .limit(1);
    links.nextSettlement = next ? { ...next, createdAt: next.createdAt.toISOString() } : null;
  }
  return links;
};
