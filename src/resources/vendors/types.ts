/** A vendor as the API shows it. */
export interface Vendor {
  id: string;
  code: string;
  name: string;
  payinCommissionPercent: number;
  payoutCommissionPercent: number;
  enabled: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}
