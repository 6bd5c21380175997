import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { bankAccounts, merchants, payins } from '../../db/schema';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import {
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  canTransition,
  refusalOf,
  type PayinAction,
  type PayinStatus,
} from '../../../domain/payin';
import { rupeesOrNull } from '../../../domain/money';
import type { AuditAction } from '../../../domain/audit-event';
import { auditAll, type Actor } from '../audit/audit';
import { queueCallbacks } from '../callbacks/callbacks';
import { notifyAll } from '../events/live-events';
import { clearRequests } from '../audit/four-eyes';
import { afterCommit } from '../../db/after-commit';
import { payinStatusEntered } from '../common/metrics';

export type PayinRow = typeof payins.$inferSelect;

/** Who moved a pay-in: a signed-in user, or the merchant's system, the customer or the server. */
export type PayinActor = Actor & { kind: 'user' | 'merchant' | 'customer' | 'system' };

export const SYSTEM: PayinActor = { kind: 'system', userName: 'system' };
export const customer = (ip?: string): PayinActor => ({ kind: 'customer', userName: 'customer', ip });

/** The pay-in, locked for this transaction; 404 when it does not exist (or the caller may not see it). */
export const lockPayin = async (tx: DbOrTx, id: string, visible?: ReturnType<typeof sql>): Promise<PayinRow> => {
  const [row] = await tx
    .select()
    .from(payins)
    .where(and(eq(payins.id, id), visible))
    .for('update');
  if (!row) throw notFound('Pay-in');
  return row;
};

export const assertCan = (action: PayinAction, row: PayinRow, to?: PayinStatus) => {
  if (!canTransition(action, row.status, to)) throw conflict(refusalOf(action, row.status), 'INVALID_TRANSITION');
};

export const expired = () => new AppError(409, 'EXPIRED', 'This payment link has expired.');

/** A pay-in's amounts in rupees. */
const moneyOf = (row: PayinRow) => ({
  amount: rupeesOrNull(row.amount),
  confirmedAmount: rupeesOrNull(row.confirmedAmount),
  fee: rupeesOrNull(row.fee),
});

/** The fields of a pay-in its merchant is told about, in rupees: the callback's and the status API's `data`. */
export const merchantData = (row: PayinRow) => ({
  id: row.id,
  merchantOrderId: row.merchantOrderId,
  status: row.status,
  ...moneyOf(row),
  utr: row.utr,
  updatedAt: row.updatedAt.toISOString(),
});

const AUDIT_OF: Record<PayinAction, AuditAction> = {
  create: 'create',
  assign: 'assign',
  'submit-utr': 'submit-utr',
  'submit-screenshot': 'submit-screenshot',
  'match-entry': 'match',
  expire: 'expire',
  confirm: 'confirm',
  reopen: 'reopen',
  'enter-utr': 'enter-utr',
  'reset-entry': 'reset',
  'provider-intent': 'provider-intent',
  'provider-capture': 'provider-capture',
  'provider-fail': 'provider-fail',
};

/** What the audit log keeps of a pay-in: its status and money fields (rupees), never a secret. */
const auditedFields = (row: PayinRow) => ({
  status: row.status,
  reason: row.reason,
  ...moneyOf(row),
  bankAccountId: row.bankAccountId,
  submittedUtr: row.submittedUtr,
  utr: row.utr,
});

/**
 * The one shape of every pay-in transition (STYLE.md): checked against the domain table, written
 * only if nobody moved the row meanwhile (status and version), audited, and followed by a signed
 * callback queued in the same transaction. The caller holds the row lock and posts any journal.
 *
 * A step back into an open status (reopen, reset) passes `opening`: the short code must be unique
 * among open pay-ins, and another may have taken it meanwhile. In a savepoint, so a clash costs a
 * new code.
 */
export const applyStep = async (
  tx: DbOrTx,
  row: PayinRow,
  action: PayinAction,
  to: PayinStatus,
  patch: Partial<PayinRow>,
  actor: PayinActor,
  opening?: { freshCode: boolean },
): Promise<PayinRow> => {
  if (opening)
    for (let attempt = 0; ; attempt += 1) {
      const code = opening.freshCode || attempt > 0 ? { shortCode: newShortCode() } : {};
      try {
        return await tx.transaction((sp) => applyStep(sp, row, action, to, { ...patch, ...code }, actor));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  const after = await writeStep(tx, row, action, to, patch);
  await recordStep(tx, [{ before: row, after, action }], actor);
  return after;
};

/** applyStep's write alone: a batch records the steps of all its rows together afterwards. */
export const writeStep = async (
  tx: DbOrTx,
  row: PayinRow,
  action: PayinAction,
  to: PayinStatus,
  patch: Partial<PayinRow>,
): Promise<PayinRow> => {
  assertCan(action, row, to);
  const [after] = await tx
    .update(payins)
    .set({ ...patch, status: to, version: row.version + 1, updatedAt: sql`now()` })
    .where(and(eq(payins.id, row.id), eq(payins.status, row.status), eq(payins.version, row.version)))
    .returning();
  if (!after) throw conflict('This pay-in changed meanwhile. Reload it and try again.', 'CHANGED');
  return after;
};

export interface Step {
  before: PayinRow;
  after: PayinRow;
  action: PayinAction;
  /** Who took this step, when the steps of one batch have different actors. */
  actor?: PayinActor;
}

/**
 * Audit events, callbacks and live notices of steps already written (one, or a batch's), a
 * statement each whatever the number of steps.
 */
export const recordStep = async (tx: DbOrTx, steps: Step[], actor?: PayinActor) => {
  if (steps.length === 0) return;
  afterCommit(tx, () => {
    for (const { after } of steps) payinStatusEntered.inc({ status: after.status });
  });
  await auditAll(
    tx,
    steps.map(({ before, after, action, actor: own }) => ({
      actor: own ?? actor ?? SYSTEM,
      event: {
        action: AUDIT_OF[action],
        entity: 'payins' as const,
        entityId: after.id,
        before: auditedFields(before),
        after: auditedFields(after),
      },
    })),
  );
  const ids = [...new Set(steps.map((s) => s.after.merchantId))];
  const found = await tx
    .select({ id: merchants.id, url: merchants.payinCallbackUrl })
    .from(merchants)
    .where(inArray(merchants.id, ids));
  const urls = new Map(found.map((m) => [m.id, m.url]));
  await queueCallbacks(
    tx,
    steps.flatMap(({ after }) => {
      const url = urls.get(after.merchantId);
      return url
        ? [
            {
              merchantId: after.merchantId,
              type: 'payin.status',
              entity: 'payins',
              entityId: after.id,
              url,
              data: merchantData(after),
            },
          ]
        : [];
    }),
  );
  // A maker's request was for the pay-in as it stood: any step ends it.
  await clearRequests(
    tx,
    'payins',
    steps.map((s) => s.after.id),
  );
  await notifyAll(
    tx,
    'payins',
    steps.map((s) => s.after.id),
  );
};

/** The bank account's nickname, for reasons people read. */
export const nicknameOf = async (tx: DbOrTx, bankAccountId: string | null) => {
  if (!bankAccountId) return undefined;
  const [row] = await tx
    .select({ nickname: bankAccounts.nickname })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId));
  return row?.nickname;
};

export const newShortCode = () =>
  Array.from({ length: SHORT_CODE_LENGTH }, () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)]).join('');
