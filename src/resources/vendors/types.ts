/** A vendor as the API shows it. */
export interface Vendor {
  id: string;
  code: string;
  name: string;
  payinCommissionPercent: number;
  payoutCommissionPercent: number;
  enabled: boolean;
  /** Rupees of the gateway's money the vendor holds: positive, it owes the gateway; negative, the gateway owes it. */
  balance: number;
  /** Rupees of bank entries on its accounts that no pay-in or internal transfer used (not in the balance). */
  unmatched: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}
