import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { checkerRequests, users } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import {
  FOUR_EYES,
  checkerRefusal,
  creatorRefused,
  differingFields,
  mayMake,
  type CheckedAction,
  type CheckedEntity,
  type Person,
} from '../../../domain/four-eyes';
import { audit, type Actor } from './audit';
import type { SessionUser } from '../common/session-user';

export type CheckerRequest = typeof checkerRequests.$inferSelect;

export type FourEyes =
  /** The maker's request is recorded: a checker must repeat the call. */
  | { waiting: true; maker: string }
  /** Go ahead: no checker needed, or this call is the checker's. */
  | { waiting: false; maker: CheckerRequest | null };

export interface FourEyesCall {
  action: CheckedAction;
  entityId: string;
  user: SessionUser;
  actor: Actor;
  /** What this user typed, as sent: the checker must send the maker's. */
  details: Record<string, unknown>;
  /** Does this call take a checker (domain/four-eyes needsCheck)? */
  needed: boolean;
  /** The staff user who created the record, for rules that refuse the creator. */
  createdBy?: string | null;
  /** The maker's own checks (a written reason, say), run only when a request is to be recorded. */
  beforeAsking?: () => void;
  /** The record's own texts for the refusals, where its answers named them before this mechanism. */
  words?: Partial<CheckerWords>;
  /**
   * The step that follows the checker's call is audited as the checker's (a pay-out's approve or
   * reverse event): no 'approve' event of the mechanism's beside it.
   */
  stepAudited?: boolean;
}

/** What a refusal says: SAME_PERSON and STAFF_CHECKER name the maker, CHECKER_DIFFERS reads its request. */
export interface CheckerWords {
  samePerson: (makerName: string) => string;
  staffChecker: (makerName: string) => string;
  differs: (request: CheckerRequest, fields: string[]) => string;
}

const WORDS: CheckerWords = {
  samePerson: () =>
    'A checker must be another person: not the maker, nor a user the maker created, reset the password of or gave access to.',
  staffChecker: (maker) => `${maker} is a vendor's user: a staff user checks this.`,
  differs: (request, fields) =>
    `The checker's entries must be the maker's (${request.makerName}: ${fields
      .map((f) => `${f} ${String(request.details[f] ?? '—')}`)
      .join(', ')}).`,
};

const wordsOf = (call: FourEyesCall): CheckerWords => ({ ...WORDS, ...call.words });

const sameRefusal = (call: FourEyesCall, makerName: string) =>
  new AppError(403, 'SAME_PERSON', wordsOf(call).samePerson(makerName));

/**
 * The one maker-checker step (issue 29, item 3), inside the action's transaction with its record
 * locked: the first call records the maker's request and answers `waiting`; another person's same
 * call (same entries) clears it and goes ahead, audited as the checker's approval.
 */
export const fourEyes = async (tx: DbOrTx, call: FourEyesCall): Promise<FourEyes> => {
  const { action, entityId, user, details } = call;
  const rule = FOUR_EYES[action];
  if (rule.notByCreator && call.createdBy && creatorRefused(action, call.createdBy, await personOf(tx, user.id)))
    throw new AppError(
      403,
      'SAME_PERSON',
      'You created this record, or were given your access by its creator: another person approves it.',
    );
  // Not needed (a bank entry decides it, say): one person goes ahead; any stale request ends with the step.
  if (!call.needed) return { waiting: false, maker: null };
  const [waiting] = await tx
    .select()
    .from(checkerRequests)
    .where(and(eq(checkerRequests.entity, rule.entity), eq(checkerRequests.entityId, entityId)))
    .for('update');
  if (waiting && waiting.action === action) {
    if (waiting.makerId !== user.id) return check(tx, call, waiting);
    throw sameRefusal(call, waiting.makerName);
  }
  if (!mayMake(action, user.role))
    throw new AppError(
      403,
      'FORBIDDEN',
      `Nothing here waits for a checker: only ${listed(rule.makers)} asks for this, and you may check their request.`,
    );
  call.beforeAsking?.();
  await tx
    .insert(checkerRequests)
    .values({
      entity: rule.entity,
      entityId,
      action,
      makerId: user.id,
      makerName: user.userName,
      makerRole: user.role,
      details,
    })
    .onConflictDoUpdate({
      target: [checkerRequests.entity, checkerRequests.entityId],
      set: { action, makerId: user.id, makerName: user.userName, makerRole: user.role, details, askedAt: new Date() },
    });
  await audit(tx, call.actor, {
    action: 'request-approval',
    entity: rule.entity,
    entityId,
    after: { action, ...details },
  });
  return { waiting: true, maker: user.userName };
};

const personOf = async (tx: DbOrTx, id: string): Promise<Person> => {
  const [person] = await tx
    .select({ id: users.id, role: users.role, accessGivenBy: users.accessGivenBy })
    .from(users)
    .where(eq(users.id, id));
  return person;
};

const listed = (makers: 'any' | readonly string[]) =>
  makers === 'any' ? 'anyone' : `a user of role ${makers.join(' or ')}`;

const check = async (tx: DbOrTx, call: FourEyesCall, waiting: CheckerRequest): Promise<FourEyes> => {
  const checker = await personOf(tx, call.user.id);
  const refusal = checkerRefusal(call.action, waiting.makerId, waiting.makerRole, checker);
  const words = wordsOf(call);
  if (refusal === 'SAME_PERSON') throw sameRefusal(call, waiting.makerName);
  if (refusal === 'STAFF_CHECKER') throw new AppError(403, 'STAFF_CHECKER', words.staffChecker(waiting.makerName));
  const differs = differingFields(call.action, waiting.details, call.details);
  if (differs.length > 0) throw conflict(words.differs(waiting, differs), 'CHECKER_DIFFERS');
  await clearRequests(tx, FOUR_EYES[call.action].entity, [call.entityId]);
  if (!call.stepAudited)
    await audit(tx, call.actor, {
      action: 'approve',
      entity: FOUR_EYES[call.action].entity,
      entityId: call.entityId,
      after: { action: call.action, maker: waiting.makerName, makerId: waiting.makerId, ...call.details },
    });
  return { waiting: false, maker: waiting };
};

/** Any other step of a record (assigned, rejected, dropped, reset) ends the maker's request. */
export const clearRequests = async (tx: DbOrTx, entity: CheckedEntity, ids: string[]) => {
  if (ids.length === 0) return;
  await tx
    .delete(checkerRequests)
    .where(and(eq(checkerRequests.entity, entity), inArray(checkerRequests.entityId, ids)));
};

/** The requests waiting on these records, by record id: the maker's name and entries, for lists and checkers. */
export const waitingRequests = async (tx: DbOrTx, entity: CheckedEntity, ids: string[]) => {
  if (ids.length === 0) return new Map<string, CheckerRequest>();
  const rows = await tx
    .select()
    .from(checkerRequests)
    .where(and(eq(checkerRequests.entity, entity), inArray(checkerRequests.entityId, ids)));
  return new Map(rows.map((r) => [r.entityId, r]));
};

/** A maker's request as the checker reads it: who asked, when, and the entries to repeat. */
export const waitingRequestView = async (db: DbOrTx, entity: CheckedEntity, id: string) => {
  const request = (await waitingRequests(db, entity, [id])).get(id);
  if (!request) return null;
  const d = request.details;
  return {
    maker: request.makerName,
    askedAt: request.askedAt.toISOString(),
    confirmedAmount: typeof d.confirmedAmount === 'number' ? d.confirmedAmount : null,
    utr: typeof d.utr === 'string' ? d.utr : null,
    reason: typeof d.reason === 'string' ? d.reason : null,
  };
};
