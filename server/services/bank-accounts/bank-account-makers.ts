import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { auditEvents, type bankAccounts } from '../../db/schema';
import { BANK_NUMBER_FIELDS, approvalOf } from '../../../domain/bank-account';

type BankRow = typeof bankAccounts.$inferSelect;

const NUMBER_KEYS = sql.join(
  BANK_NUMBER_FIELDS.map((field) => sql`${field}`),
  sql`, `,
);

/**
 * The makers of each account awaiting approval: whoever created it or changed its money details
 * since its last approval, and its creator when it was never approved. None of them may approve
 * it. The audit log, written in the same transactions as the changes, is the record of who did what.
 */
export const makersOf = async (db: DbOrTx, rows: BankRow[]): Promise<Map<string, string[]>> => {
  const awaiting = rows.filter((row) => approvalOf(row) === 'AWAITING_APPROVAL');
  if (awaiting.length === 0) return new Map();
  const events = await db
    .select({ id: auditEvents.entityId, actorId: auditEvents.actorId, action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, 'bank-accounts'),
        inArray(
          auditEvents.entityId,
          awaiting.map((row) => row.id),
        ),
        or(
          inArray(auditEvents.action, ['create', 'approve']),
          and(eq(auditEvents.action, 'update'), sql`${auditEvents.after} ?| array[${NUMBER_KEYS}]::text[]`),
        ),
      ),
    )
    // Event ids follow the order the account's row lock let the changes through.
    .orderBy(asc(auditEvents.id));
  return new Map(
    awaiting.map((row) => {
      const own = events.filter((e) => e.id === row.id);
      const lastApproval = own.findLastIndex((e) => e.action === 'approve');
      const since = own.slice(lastApproval + 1).map((e) => e.actorId);
      const makers = lastApproval < 0 ? [row.createdBy, ...since] : since;
      return [row.id, [...new Set(makers.filter((id): id is string => id !== null))]];
    }),
  );
};
