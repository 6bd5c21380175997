import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { checkerRequests } from '../../db/schema';
import { AppError } from '../../errors';
import { APPROVED_IN_QUEUE, mayCheck } from '../../../domain/checker-queue';
import type { PayoutStatus } from '../../../domain/payout';
import type { SessionUser } from '../common/session-user';
import type { EkoDeps } from './payout-eko';
import { approvePayout, type Approval } from './payout-staff';
import { reversePayout } from './payout-corrections';

export interface QueueApproval {
  id: string;
  ok: boolean;
  status?: PayoutStatus;
  /** Set when the call recorded a new request instead (the maker's had gone meanwhile). */
  awaitingChecker?: string | null;
  error?: string;
}

/**
 * The checker approves makers' pay-out requests from the queue without retyping them: each one is
 * the pay-out's own approve or reverse call with the maker's entries, so every rule of that call
 * holds (another person, the UTR unused, the paying account enabled). Each pay-out moves in its own
 * transaction and answers for itself, as a batch withdrawal does.
 */
export const approveQueued = async (
  db: Db,
  user: SessionUser,
  ids: string[],
  opts: { checkerThresholdPaise: number; ip?: string; eko?: EkoDeps },
): Promise<QueueApproval[]> => {
  const requests = await db
    .select()
    .from(checkerRequests)
    .where(and(eq(checkerRequests.entity, 'payouts'), inArray(checkerRequests.entityId, ids)));
  const byId = new Map(requests.map((r) => [r.entityId, r]));
  const results: QueueApproval[] = [];
  for (const id of ids) {
    const request = byId.get(id);
    try {
      if (!request || !APPROVED_IN_QUEUE.includes(request.action))
        throw new AppError(409, 'NOT_WAITING', 'Nothing waits for a checker on this pay-out now.');
      if (!mayCheck(user.role, request.action))
        throw new AppError(403, 'FORBIDDEN', 'Your role may not check this request.');
      const { row, awaitingChecker } =
        request.action === 'payout.reverse'
          ? await reversePayout(db, user, id, opts.ip)
          : await approvePayout(db, user, id, request.details as Approval, opts);
      results.push({ id, ok: true, status: row.status, awaitingChecker });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, error: error.message });
    }
  }
  return results;
};
