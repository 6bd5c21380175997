import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankEntries, liens } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { merchantAccount } from '../../../domain/ledger';
import { formatRupees } from '../../../domain/format';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { findVisibleEntry, viewEntry } from './bank-entries-list';
import { fourEyes } from '../audit/four-eyes';
import { moneyOf } from '../ledger/holds';
import { reverseLatest } from '../ledger/ledger';
import { notify } from '../events/live-events';
import { lockUtr, freeUtrsOf } from '../common/utr';
import { applyStep, assertCan, lockPayin } from '../payins/payin-steps';
import { staffActor } from '../payins/payin-staff';

const DRY_RUN = new Error('dry run');

/**
 * Frees a used entry: its pay-in goes back to PENDING and, if it had succeeded, a reversing journal
 * takes the money back out of the merchant's balance. Four eyes (domain/four-eyes): an ADMIN asks
 * (202, awaiting a checker), another staff user who may reset (not one the ADMIN gave access to)
 * completes it; every check runs again on the checker's call.
 */
export const resetEntry = async (db: Db, user: SessionUser, id: string, ip?: string) => {
  const seen = await findVisibleEntry(db, user, id);
  const awaitingChecker = await db.transaction(async (tx) => {
    await lockUtr(tx, seen.utr);
    const [entry] = await tx.select().from(bankEntries).where(eq(bankEntries.id, id)).for('update');
    if (!entry.payinId) throw conflict('This entry is not used by any pay-in.', 'NOT_USED');
    const row = await lockPayin(tx, entry.payinId);
    assertCan('reset-entry', row, 'PENDING');
    // A chargeback already took this pay-in's money back from the merchant: freeing it would take it twice.
    const [lien] = await tx.select({ id: liens.id }).from(liens).where(eq(liens.payinId, row.id));
    if (lien)
      throw conflict(
        `The pay-in of this entry (${row.merchantOrderId}) has a chargeback: its money was taken back already.`,
        'HAS_CHARGEBACK',
      );
    const actor = staffActor(user, ip);
    const eyes = await fourEyes(tx, {
      action: 'bank-entry.reset',
      entityId: id,
      user,
      actor,
      details: {},
      needed: true,
    });
    const takeBack = async (t: DbOrTx) => {
      if (row.status !== 'SUCCESS' || row.test) return;
      await reverseLatest(
        t,
        { entity: 'payins', entityId: row.id, kind: 'payin.success' },
        {
          key: `payin:${row.id}:reversal:${row.version + 1}`,
          kind: 'payin.reversal',
          createdBy: user.id,
          startedAt: row.createdAt,
        },
      );
      // The journal locked the merchant's account: its waiting pay-outs' holds must still be covered.
      const money = await moneyOf(t, merchantAccount(row.merchantId));
      if (money.available < 0)
        throw new AppError(
          409,
          'INSUFFICIENT_BALANCE',
          `Freeing this entry takes its pay-in's money back from ${row.merchantCode}, whose waiting pay-outs hold ${formatRupees(money.held / 100)}: its available balance would fall to ${formatRupees(money.available / 100)}. Reject or drop those pay-outs first.`,
        );
    };
    if (eyes.waiting) {
      // The maker hears now what the checker would: the money is taken back in a savepoint, checked, undone.
      await tx
        .transaction(async (dry) => {
          await takeBack(dry);
          throw DRY_RUN;
        })
        .catch((error: unknown) => {
          if (error !== DRY_RUN) throw error;
        });
      return eyes.maker;
    }
    await takeBack(tx);
    await applyStep(
      tx,
      row,
      'reset-entry',
      'PENDING',
      {
        confirmedAmount: null,
        fee: null,
        utr: null,
        bankEntryId: null,
        completedAt: null,
        reason: 'Bank entry reset by staff',
      },
      actor,
      { freshCode: false },
    );
    await freeUtrsOf(tx, 'payins', [row.id]);
    await tx
      .update(bankEntries)
      .set({ payinId: null, usedAt: null })
      .where(and(eq(bankEntries.id, id), eq(bankEntries.payinId, row.id)));
    await audit(tx, actor, {
      action: 'reset',
      entity: 'bank-entries',
      entityId: id,
      before: { used: true, payinId: row.id },
      after: { used: false, payinId: null },
    });
    await notify(tx, 'bank-entries', id);
    return null;
  });
  return { entry: await viewEntry(db, user, id), awaitingChecker };
};
