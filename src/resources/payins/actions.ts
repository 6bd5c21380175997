import type { SortPayload } from 'react-admin';
import { EXPORT_PATH } from '../../providers/dataProvider';
import { API_ROOT, getFile, post } from '../../providers/http';
import type { ConfirmationHeaders } from '../shared/confirmation';
import type { Payin, PayinConfirmation, PaymentLink, PaymentLinkRequest } from './types';

/** The API resource behind the four Deposit screens. */
export const PAYINS = 'payins';

const of = (id: string, action: string) => `/${PAYINS}/${encodeURIComponent(id)}/${action}`;

type One<T> = { data: T };

/** Every call the Deposit screens make besides reading the list and one record: the only place their paths are spelled. */
export const payinActions = {
  /**
   * Sets a pay-in to SUCCESS with the amount the bank shows (kind 'payin.confirm'); without a bank
   * entry the answer may be the maker's request, awaiting a checker (202).
   */
  confirm: (id: string, body: PayinConfirmation, headers: ConfirmationHeaders) =>
    post<One<Payin & { awaitingChecker?: string }>>(of(id, 'confirm'), body, { headers }),
  /** Sets a DROPPED pay-in back to INITIATED. */
  reopen: (id: string) => post<One<Payin>>(of(id, 'reopen')),
  /** The UTR staff read off the customer's screenshot. */
  enterUtr: (id: string, utr: string) => post<One<Payin>>(of(id, 'utr'), { utr }),
  /** Sends the latest callback to the merchant again. */
  resendCallback: (id: string) => post<One<Payin>>(of(id, 'callbacks')),
  /** A payment link made for a merchant's customer; the merchant's API key stays on the server. */
  createLink: (body: PaymentLinkRequest) => post<One<PaymentLink>>(`/${PAYINS}/links`, body),
  /** The customer's screenshot, fetched with the stored credential. */
  screenshot: (id: string) => getFile(`${API_ROOT}${of(id, 'screenshot')}`, 'screenshot'),
  /** The CSV of the list with the same filters and sort. */
  export: (filter: Record<string, unknown>, sort?: SortPayload) =>
    getFile(EXPORT_PATH(PAYINS, { filter, sort }), `${PAYINS}.csv`),
};
