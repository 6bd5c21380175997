import { get, post } from '../../providers/http';
import type { ConfirmationHeaders } from '../shared/confirmation';
import type { ApproveBody, MerchantBalance, RejectBody, Settlement, SettlementBody, SettlementRow } from './types';

/** The API resources behind the two Settlements screens. */
export type SettlementApi = 'settlements' | 'vendor-settlements';

type One<T> = { data: T };

/** The three transitions, the same names under both paths (server/routes/settlement-transitions.ts). */
export const transitionsOf = (api: SettlementApi) => {
  const of = (id: string, action: string) => `/${api}/${encodeURIComponent(id)}/${action}`;
  return {
    /** Behind the password; 202 with `awaitingChecker` when a second person must approve it too. */
    approve: (id: string, body: ApproveBody, headers: ConfirmationHeaders) =>
      post<One<SettlementRow & { awaitingChecker?: string }>>(of(id, 'approve'), body, { headers }),
    reject: (id: string, body: RejectBody) => post<One<SettlementRow>>(of(id, 'reject'), body),
    /** ADMIN, behind the password: SUCCESS or REJECTED back to INITIATED. */
    reset: (id: string, headers: ConfirmationHeaders) =>
      post<One<SettlementRow>>(of(id, 'reset'), undefined, { headers }),
  };
};
export type SettlementTransitions = ReturnType<typeof transitionsOf>;

/** Every call the Settlements (merchant) screen makes besides reading the list and one record: the only place its paths are spelled. */
export const settlementActions = {
  ...transitionsOf('settlements'),
  /** Add Settlement (staff) or Request Settlement (a merchant's own, BANK only): INITIATED, its amount held. */
  create: (body: SettlementBody) => post<One<Settlement>>('/settlements', body),
  /**
   * The balance, held and available money of the merchants named (a merchant user's own when none
   * are); each merchant's own account unless `includeSubMerchants`.
   */
  balances: (merchantCodes: readonly string[], includeSubMerchants: boolean) =>
    get<One<MerchantBalance[]>>('/settlements/balances', { merchantCode: [...merchantCodes], includeSubMerchants }),
};
