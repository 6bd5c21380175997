import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { liens, merchants, payins } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import { istDayStart } from '../../../domain/format';
import { lienRefusal } from '../../../domain/lien';
import { merchantPaidOut } from '../../../domain/ledger';
import { paiseToRupees } from '../../../domain/money';
import type { SessionUser } from '../common/session-user';
import { audit } from '../audit/audit';
import { postJournal } from '../ledger/ledger';
import { paiseFrom } from '../common/money-input';
import { scopeWhere, type DataScope } from '../common/scope';

/**
 * Chargebacks ("lien", issue 12): a customer's bank took back a successful pay-in's money, and
 * the merchant's balance pays for it at once with its journal. One per pay-in, never more than the
 * pay-in confirmed. The merchant's available balance may go below zero by it: the bank has taken
 * the money already, and refusing to record that would hide a loss; new pay-outs and settlements
 * are then refused until the balance covers them.
 */
export type LienRow = typeof liens.$inferSelect;

export interface LienInput {
  merchantCode: string;
  merchantOrderId: string;
  customerId: string;
  amount: number;
  receivedAt: string;
  reason: string;
}

export const lienVisible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, { merchantCodes: (codes) => inArray(liens.merchantCode, codes) });

const ONE_PER_PAYIN = 'This pay-in already has a chargeback: one per pay-in.';

/** The received day, an IST calendar day not after today. */
const receivedOn = (day: string): Date => {
  const at = new Date(istDayStart(day));
  if (Number.isNaN(at.getTime())) throw badRequest('receivedAt must be a day, yyyy-mm-dd', 'receivedAt');
  if (at.getTime() > Date.now()) throw badRequest('receivedAt may not be in the future', 'receivedAt');
  return at;
};

export const createLien = async (db: DbOrTx, user: SessionUser, body: LienInput, ip?: string): Promise<LienRow> => {
  const amount = paiseFrom(body.amount, 'amount');
  const receivedAt = receivedOn(body.receivedAt);
  const reason = body.reason.trim();
  const code = body.merchantCode.trim();
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
  if (!merchant) throw notFound('Merchant');
  try {
    return await db.transaction(async (tx) => {
      // The pay-in's row lock makes two chargebacks of it wait for each other; the second finds the first.
      const [payin] = await tx
        .select()
        .from(payins)
        .where(and(eq(payins.merchantId, merchant.id), eq(payins.merchantOrderId, body.merchantOrderId)))
        .for('update');
      const refusal = lienRefusal(payin ? { ...payin, merchantCode: code } : null, {
        merchantCode: code,
        customerId: body.customerId,
        amount,
      });
      if (refusal) throw badRequest(refusal.message, refusal.field);
      const [taken] = await tx.select({ id: liens.id }).from(liens).where(eq(liens.payinId, payin.id));
      if (taken) throw conflict(ONE_PER_PAYIN, 'LIEN_EXISTS');
      const [row] = await tx
        .insert(liens)
        .values({
          merchantId: merchant.id,
          merchantCode: code,
          payinId: payin.id,
          merchantOrderId: payin.merchantOrderId,
          customerId: payin.customerId,
          amount,
          receivedAt,
          reason,
          createdBy: user.id,
          createdByName: user.userName,
        })
        .returning();
      await postJournal(tx, {
        key: `lien:${row.id}`,
        kind: 'lien',
        entity: 'liens',
        entityId: row.id,
        lines: merchantPaidOut({ merchantId: merchant.id, amount }),
        createdBy: user.id,
      });
      await audit(
        tx,
        { ...user, ip },
        {
          action: 'create',
          entity: 'liens',
          entityId: row.id,
          after: {
            merchantCode: code,
            merchantOrderId: row.merchantOrderId,
            customerId: row.customerId,
            amount: paiseToRupees(amount),
            receivedAt: body.receivedAt,
            reason,
          },
        },
      );
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ONE_PER_PAYIN, 'LIEN_EXISTS');
    throw error;
  }
};
