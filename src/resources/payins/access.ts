import { PAYIN_STAFF, SEES_SHORT_CODE, mayAct } from '../../../domain/payin';
import type { Role } from '../../../domain/roles';
import { belongsToVendor } from '../../../domain/scope';

/** What a role sees and may do on the Deposit screens, read from the domain tables. */
export interface PayinAccess {
  /** The customer's short code matches money to pay-ins: shown to staff who match credits, and to vendors, who quote it. */
  seesShortCode: boolean;
  /** Vendors see no merchant fields (the API leaves them out) and filter by none. */
  seesMerchants: boolean;
  /** Staff filter by bank account, open screenshots and make payment links. */
  staff: boolean;
  mayConfirm: boolean;
  mayReopen: boolean;
  mayEnterUtr: boolean;
  /** Re-sending callbacks and making payment links: the staff who may confirm. */
  mayNotify: boolean;
}

export const payinAccess = (role: Role | null): PayinAccess => {
  const may = (action: Parameters<typeof mayAct>[1]) => role !== null && mayAct(role, action);
  return {
    seesShortCode: role !== null && SEES_SHORT_CODE.includes(role),
    seesMerchants: role !== null && !belongsToVendor(role),
    staff: role !== null && PAYIN_STAFF.includes(role),
    mayConfirm: may('confirm'),
    mayReopen: may('reopen'),
    mayEnterUtr: may('enter-utr'),
    mayNotify: may('confirm'),
  };
};
