import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { bankAccounts } from '../../db/schema';
import { conflict, forbidden } from '../../errors';
import { approvalOf } from '../../../domain/bank-account';
import { audit, diff } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { makersOf } from './bank-account-makers';
import { findVisible, viewBankAccount } from './bank-accounts-list';

/** The checker's half of maker-checker: a staff user other than the makers lets a pay-in account take money. */
export const approveBankAccount = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    const row = await findVisible(tx, user, id, true);
    const status = approvalOf(row);
    if (status === 'NOT_REQUIRED') throw conflict('A pay-out account needs no approval.', 'APPROVAL_NOT_REQUIRED');
    if (status === 'APPROVED') throw conflict('This bank account is already approved.', 'ALREADY_APPROVED');
    const makers = (await makersOf(tx, [row])).get(id) ?? [];
    if (makers.includes(user.id))
      throw forbidden('You created this bank account or changed its details: another staff user must approve it.');
    const shownBefore = await viewBankAccount(tx, 'audit', id);
    await tx
      .update(bankAccounts)
      .set({ approvedBy: user.id, approvedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bankAccounts.id, id));
    const shownAfter = await viewBankAccount(tx, 'audit', id);
    await audit(
      tx,
      { ...user, ip },
      { action: 'approve', entity: 'bank-accounts', entityId: id, ...diff(shownBefore, shownAfter) },
    );
    return viewBankAccount(tx, user, id);
  });
