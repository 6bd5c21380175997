import type { VendorSettlementMethod } from '../../../domain/settlement';
import type { DestinationBody, SettlementRow } from '../settlements/types';

/** A vendor settlement as the list shows it (VendorSettlementView): rupees, ISO UTC times. */
export interface VendorSettlement extends SettlementRow {
  vendorCode: string;
  method: VendorSettlementMethod;
  /** Internal transfers: the bank entry it used and the gateway's account the money went to. */
  bankEntryId: string | null;
  bankNickname: string | null;
}

/** The body of POST /v1/vendor-settlements; internal transfers name the UTR of an un-used bank entry of that amount. */
export interface VendorSettlementBody extends DestinationBody {
  vendorCode: string;
  amount: number;
  method: VendorSettlementMethod;
  utr?: string;
}

/** Who owes whom (GET /v1/vendor-settlements/balances): rupees, positive when the vendor owes the gateway. */
export interface VendorBalanceRow {
  vendorCode: string;
  balance: number;
  /** 'vendor owes the gateway', 'gateway owes the vendor' or 'settled'. */
  position: string;
  /** Credits on the vendor's accounts that no pay-in or transfer used. */
  unmatched: number;
}
