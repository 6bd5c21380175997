import { canDo, type Action } from '../../../domain/access';
import { PAYOUT_STAFF, canMovePayout, mayProcess, type PayoutAction } from '../../../domain/payout';
import type { Role } from '../../../domain/roles';
import { belongsToVendor } from '../../../domain/scope';
import type { Payout } from './types';

/** What a role sees and may do on the Withdrawal screens, read from the domain tables. */
export interface PayoutAccess {
  /** Vendors see no merchant fields (the API leaves them out) and filter by none. */
  seesMerchants: boolean;
  /** The gateway's staff: they see the vendor a pay-out went to and may send through Eko. */
  staff: boolean;
  /** Any row action at all: the Action column is shown. */
  mayAct: boolean;
  mayAssign: boolean;
  mayCreate: boolean;
  /** Re-sending the merchant's latest callback. */
  mayNotify: boolean;
  /** Correcting the UTR of a paid pay-out (behind the password). */
  mayEditUtr: boolean;
  /** May this user take this action on this pay-out now: its status, the role, and whom it is assigned to. */
  may: (action: PayoutAction, payout: Pick<Payout, 'status' | 'vendorCode'>) => boolean;
}

const ROW_ACTIONS: readonly PayoutAction[] = ['approve', 'reject', 'drop', 'reverse', 'reset'];

export const payoutAccess = (role: Role | null, vendorCode: string | null): PayoutAccess => {
  const can = (action: Action) => role !== null && canDo(role, 'payouts', action);
  const mayNotify = can('resend');
  const mayEditUtr = can('correct');
  return {
    seesMerchants: role !== null && !belongsToVendor(role),
    staff: role !== null && PAYOUT_STAFF.includes(role),
    mayAct: mayNotify || mayEditUtr || ROW_ACTIONS.some((a) => can(a)),
    mayAssign: can('assign'),
    mayCreate: can('create'),
    mayNotify,
    mayEditUtr,
    may: (action, payout) =>
      role !== null &&
      can(action) &&
      canMovePayout(action, payout.status) &&
      mayProcess({ role, vendorCode }, action, payout),
  };
};
