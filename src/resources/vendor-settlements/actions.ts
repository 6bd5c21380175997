import { get, post } from '../../providers/http';
import { transitionsOf } from '../settlements/actions';
import type { VendorBalanceRow, VendorSettlement, VendorSettlementBody } from './types';

/** Every call the Vendor Settlements screen makes besides reading the list and one record: the only place its paths are spelled. */
export const vendorSettlementActions = {
  ...transitionsOf('vendor-settlements'),
  /** Staff only; an internal transfer is SUCCESS at once, its bank entry used. */
  create: (body: VendorSettlementBody) => post<{ data: VendorSettlement }>('/vendor-settlements', body),
  /** Who owes whom for the vendors named; a vendor user's own vendor whatever it names. */
  balances: (vendorCodes: readonly string[]) =>
    get<{ data: VendorBalanceRow[] }>('/vendor-settlements/balances', { vendorCode: [...vendorCodes] }),
};
