import type { SortPayload } from 'react-admin';
import { EXPORT_PATH } from '../../providers/dataProvider';
import { get, getFile, post } from '../../providers/http';
import type { ConfirmationHeaders } from '../shared/confirmation';
import type { ApproveBody, BatchResult, NewPayoutBody, Payout, PayoutAnswer, Providers, RejectBody } from './types';

/** The API resource behind the three Withdrawal screens. */
export const PAYOUTS = 'payouts';

const of = (id: string, action: string) => `/${PAYOUTS}/${encodeURIComponent(id)}/${action}`;

type One<T> = { data: T };

/** Every call the Withdrawal screens make besides reading the list and one record: the only place their paths are spelled. */
export const payoutActions = {
  /** Paid by hand (UTR and paying account) or through Eko; 202 with the maker when a checker must follow. */
  approve: (id: string, body: ApproveBody) => post<One<PayoutAnswer>>(of(id, 'approve'), body),
  reject: (id: string, body: RejectBody) => post<One<PayoutAnswer>>(of(id, 'reject'), body),
  drop: (id: string) => post<One<PayoutAnswer>>(of(id, 'drop')),
  /** Always maker-checker: the first call answers 202. */
  reverse: (id: string) => post<One<PayoutAnswer>>(of(id, 'reverse')),
  /** A rejected pay-out held again (409 INSUFFICIENT_BALANCE). */
  reset: (id: string) => post<One<PayoutAnswer>>(of(id, 'reset')),
  /** Sends the latest callback to the merchant again. */
  resendCallback: (id: string) => post<One<PayoutAnswer>>(of(id, 'callbacks')),
  /** ADMIN corrects the UTR of a paid pay-out (kind 'payout.utr'). */
  editUtr: (id: string, utr: string, headers: ConfirmationHeaders) =>
    post<One<PayoutAnswer>>(of(id, 'utr'), { utr }, { headers }),
  /** Waiting pay-outs given to a vendor, all or none. */
  assign: (ids: string[], vendorCode: string) =>
    post<One<{ assigned: number; vendorCode: string }>>(`/${PAYOUTS}/assign`, { ids, vendorCode }),
  /** The selected pay-outs sent through Eko, each with its own outcome. */
  batchWithdrawal: (ids: string[]) => post<One<{ results: BatchResult[] }>>(`/${PAYOUTS}/batch-withdrawal`, { ids }),
  /** The enabled vendors a pay-out may be given to, for everyone who assigns. */
  vendors: () => get<One<{ code: string; name: string }[]>>(`/${PAYOUTS}/vendors`),
  /** Which providers may pay, and why not. */
  providers: () => get<One<Providers>>(`/${PAYOUTS}/providers`),
  /** Staff's "New Payout", made by the same service as the merchant API's. */
  create: (body: NewPayoutBody) => post<One<Payout>>(`/${PAYOUTS}`, body),
  /** The CSV of the list with the same filters and sort. */
  export: (filter: Record<string, unknown>, sort?: SortPayload) =>
    getFile(EXPORT_PATH(PAYOUTS, { filter, sort }), `${PAYOUTS}.csv`),
};
