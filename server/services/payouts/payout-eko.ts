import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { payoutProviderCalls, payouts } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { EKO_WALLET, payoutSuccess } from '../../../domain/ledger';
import { ekoFailureReason, ekoRefusalOf, ekoUtrOf, txStatusOf, type EkoOutcome } from '../../../domain/eko';
import { audit, type Actor } from '../audit/audit';
import type { EkoClient, EkoConfig, EkoReply } from './eko-client';
import { ekoClient, newClientRefId } from './eko-client';
import { pendingHoldOf, postHold, voidHold } from '../ledger/holds';
import type { PayoutRow } from './payout-create';
import { noteUtr } from '../common/utr';
import { applyPayoutStep, lockPayout } from './payout-steps';
import { clearRequests } from '../audit/four-eyes';

/** Eko's work is nobody's session: its answers are audited as the system's. */
export const EKO_ACTOR: Actor = { userName: 'eko' };

export interface EkoDeps {
  client: EkoClient;
  /** An inquiry that finds no transaction this long after sending means Eko never took it. */
  notFoundGraceSeconds: number;
}

/** Eko as the routes and the inquiry worker use it: its client, and how often and how long to ask. */
export type EkoSetup = EkoDeps & { intervalMs: number; timeoutMs: number };

/** Eko when it is configured (issue 11, item 5), else undefined: the routes answer that it is absent. */
export const ekoSetupFrom = (config: {
  eko?: EkoConfig;
  ekoNotFoundGraceSeconds?: number;
  ekoInquiryIntervalMs?: number;
}): EkoSetup | undefined =>
  config.eko
    ? {
        client: ekoClient(config.eko),
        notFoundGraceSeconds: config.ekoNotFoundGraceSeconds ?? 900,
        intervalMs: config.ekoInquiryIntervalMs ?? 30_000,
        timeoutMs: config.eko.timeoutMs,
      }
    : undefined;

/**
 * Hands an INITIATED pay-out, locked in the caller's transaction, to Eko: the request goes out
 * after commit (`sendToEko`). Until Eko answers for certain nothing else may move it, so a
 * second approval, a reject or a drop is refused and a pay-out is never sent twice.
 */
export const markSending = async (tx: DbOrTx, row: PayoutRow, actor: Actor): Promise<PayoutRow> => {
  const refusal = ekoRefusalOf(row);
  if (refusal) throw badRequest(refusal, 'method');
  const [sent] = await tx
    .update(payouts)
    .set({
      method: 'eko',
      providerRef: newClientRefId(),
      providerState: 'SENDING',
      providerSentAt: sql`now()`,
      providerTid: null,
      // A new transfer: its inquiries are due from its own sending (services/payouts/eko-worker.ts).
      providerLockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, row.id), eq(payouts.version, row.version)))
    .returning();
  if (!sent) throw conflict('This pay-out changed meanwhile. Reload it and try again.', 'CHANGED');
  // Handed over: no maker's request of this pay-out waits any more.
  await clearRequests(tx, 'payouts', [row.id]);
  await audit(tx, actor, {
    action: 'send-to-provider',
    entity: 'payouts',
    entityId: row.id,
    after: { provider: 'eko', clientRefId: sent.providerRef },
  });
  return sent;
};

const record = (tx: DbOrTx, row: PayoutRow, kind: 'transfer' | 'inquiry' | 'callback', reply: EkoReply, ref: string) =>
  tx.insert(payoutProviderCalls).values({
    payoutId: row.id,
    provider: 'eko',
    kind,
    clientRefId: ref,
    outcome: reply.outcome,
    httpStatus: reply.httpStatus,
    txStatus: reply.answer ? txStatusOf(reply.answer) : null,
    tid: reply.answer?.data?.tid == null ? null : String(reply.answer.data.tid as string | number),
    message: reply.message,
    response: reply.answer,
    // The moment of each call, not of the transaction: a callback and its inquiry keep their order.
    createdAt: sql`clock_timestamp()` as never,
  });

/** Eko's amount must be the pay-out's: an answer about another amount settles nothing. */
const sameAmount = (row: PayoutRow, reply: EkoReply) => {
  const said = reply.answer?.data?.amount;
  if (said === undefined || said === null || said === '') return true;
  const text = String(said as string | number).trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  return match !== null && Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) === row.amount;
};

type Call = { kind: 'transfer' | 'inquiry' | 'callback'; reply: EkoReply };

/**
 * Applies what Eko said about the pay-out's current transfer, in one transaction with the calls'
 * records: paid (SUCCESS, the hold posted against the Eko wallet), failed (REJECTED with Eko's
 * message, the hold released), not taken (back to waiting for an approval), or still awaited.
 * An answer about an older transfer, or after the pay-out moved on, changes nothing.
 */
export const settleEko = async (
  db: Db,
  id: string,
  ref: string,
  calls: Call[],
  final: EkoOutcome | 'untaken',
): Promise<PayoutRow> =>
  db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    for (const call of calls) await record(tx, row, call.kind, call.reply, ref);
    if (row.providerRef !== ref || row.providerState === null || row.status !== 'INITIATED') return row;
    // Eko's callback is never believed: only its own answers to the gateway's requests count.
    const said = calls.filter((c) => c.kind !== 'callback').flatMap((c) => (c.reply.answer ? [c.reply.answer] : []));
    const tidOf = said.map((a) => a.data?.tid).find((t) => t !== undefined && t !== null);
    const tid = tidOf === undefined ? row.providerTid : String(tidOf as string | number);
    if (final === 'success') {
      const paid = said.find((a) => txStatusOf(a) === 0)!;
      const after = await applyPayoutStep(
        tx,
        row,
        'approve',
        { utr: ekoUtrOf(paid) ?? tid, providerState: null, providerTid: tid, completedAt: sql`now()` as never },
        EKO_ACTOR,
      );
      if (!row.test && after.utr) await noteUtr(tx, { utr: after.utr, entity: 'payouts', entityId: row.id });
      const hold = await pendingHoldOf(tx, 'payouts', row.id);
      if (hold && !row.test)
        await postHold(tx, hold, {
          key: `payout:${row.id}:success:${after.version}`,
          kind: 'payout.success',
          entity: 'payouts',
          entityId: row.id,
          lines: payoutSuccess({ merchantId: row.merchantId, paidFrom: EKO_WALLET, amount: row.amount, fee: row.fee }),
          createdBy: null,
        });
      return after;
    }
    if (final === 'failed' || final === 'not-found') {
      const reason = final === 'failed' ? ekoFailureReason(said[0] ?? null) : 'Eko: no record of this transfer';
      const after = await applyPayoutStep(
        tx,
        row,
        'reject',
        { reason, providerState: null, providerTid: tid },
        EKO_ACTOR,
      );
      const hold = await pendingHoldOf(tx, 'payouts', row.id);
      if (hold) await voidHold(tx, hold);
      return after;
    }
    const untaken = final === 'untaken';
    const [after] = await tx
      .update(payouts)
      .set(
        untaken
          ? { method: null, providerRef: null, providerState: null, providerSentAt: null, updatedAt: sql`now()` }
          : { providerState: 'AWAITED', providerTid: tid },
      )
      .where(eq(payouts.id, row.id))
      .returning();
    return after;
  });

/** A final answer about another amount is not believed: the pay-out keeps waiting for staff to look. */
const believed = (row: PayoutRow, final: EkoOutcome, reply: EkoReply): EkoOutcome =>
  final === 'success' && !sameAmount(row, reply) ? 'awaited' : final;

/** Sends the transfer of a pay-out marked SENDING and applies the answer; a time-out leaves it AWAITED. */
export const sendToEko = async (db: Db, deps: EkoDeps, row: PayoutRow): Promise<PayoutRow> => {
  const ref = row.providerRef!;
  const reply = await deps.client.transfer({
    clientRefId: ref,
    recipientName: row.accountHolder ?? '',
    account: row.accountNumber ?? '',
    ifsc: row.ifsc ?? '',
    rupees: row.amount / 100,
  });
  const calls: Call[] = [{ kind: 'transfer', reply }];
  if (reply.outcome === 'busy' || reply.outcome === 'refused') {
    await settleEko(db, row.id, ref, calls, 'untaken');
    throw reply.outcome === 'busy'
      ? new AppError(409, 'EKO_BUSY', 'Eko is completing another transfer: nothing was sent, try again in a moment.')
      : new AppError(
          502,
          'EKO_REFUSED',
          `Eko refused the request and nothing was sent${reply.message ? `: ${reply.message}` : ''}.`,
        );
  }
  let final: EkoOutcome = believed(row, reply.outcome, reply);
  // A refusal without a tx_status is believed only once an inquiry agrees that nothing was paid.
  if (reply.outcome === 'failed' && txStatusOf(reply.answer ?? {}) === null) {
    const inquiry = await deps.client.inquire(ref);
    calls.push({ kind: 'inquiry', reply: inquiry });
    final =
      inquiry.outcome === 'not-found' || inquiry.outcome === 'failed'
        ? 'failed'
        : believed(row, inquiry.outcome === 'success' ? 'success' : 'awaited', inquiry);
  }
  return settleEko(db, row.id, ref, calls, final === 'success' || final === 'failed' ? final : 'awaited');
};

/**
 * Asks Eko about a waiting pay-out's transfer and applies the answer: the worker's polling and
 * Eko's callback (never believed by itself) both come here. No record long after sending means
 * Eko never took the transfer.
 */
export const inquireEko = async (db: Db, deps: EkoDeps, row: PayoutRow, callback?: EkoReply): Promise<PayoutRow> => {
  const ref = row.providerRef!;
  const reply = await deps.client.inquire(ref);
  const sentSecondsAgo = row.providerSentAt ? (Date.now() - row.providerSentAt.getTime()) / 1000 : 0;
  const final: EkoOutcome =
    reply.outcome === 'not-found'
      ? sentSecondsAgo >= deps.notFoundGraceSeconds
        ? 'not-found'
        : 'awaited'
      : reply.outcome === 'success' || reply.outcome === 'failed'
        ? believed(row, reply.outcome, reply)
        : 'awaited';
  const calls: Call[] = [
    ...(callback ? [{ kind: 'callback' as const, reply: callback }] : []),
    { kind: 'inquiry', reply },
  ];
  return settleEko(db, row.id, ref, calls, final);
};
