import { canDo, type Action } from './access';
import { FOUR_EYES, type CheckedAction, type CheckedEntity } from './four-eyes';
import type { Role } from './roles';

/**
 * The checker's queue (issue 31, item 2): who sees a maker's request and may act on it. A user sees
 * the requests whose record it may move with the same route the maker used, and only staff keep
 * the queue (a vendor's maker is checked by staff: domain/four-eyes staffCheckAfter).
 */
export const CHECKER_ROUTE_ACTION: Record<CheckedAction, Action> = {
  'payin.confirm': 'correct',
  'payout.approve': 'approve',
  'payout.reverse': 'reverse',
  'settlement.approve': 'approve',
  'vendor-settlement.approve': 'approve',
  'bank-entry.reset': 'reset',
};

/** May this role check (approve or decline) requests of this action? */
export const mayCheck = (role: Role, action: CheckedAction): boolean =>
  canDo(role, FOUR_EYES[action].entity, CHECKER_ROUTE_ACTION[action]);

/** The actions this role may check: the queue's filter. */
export const checkableActions = (role: Role): CheckedAction[] =>
  (Object.keys(CHECKER_ROUTE_ACTION) as CheckedAction[]).filter((action) => mayCheck(role, action));

/** The actions a checker completes from the queue itself, without a password (the rest open their record). */
export const APPROVED_IN_QUEUE: readonly CheckedAction[] = ['payout.approve', 'payout.reverse'];

export const isCheckedEntity = (value: string): value is CheckedEntity =>
  Object.values(FOUR_EYES).some((rule) => rule.entity === value);
