import type { ApplicationStatus } from '../../../domain/merchant-application';

/** An application from the public on-boarding form. */
export interface MerchantApplication {
  id: string;
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  /** Rupees. */
  expectedMonthlyVolume: number;
  status: ApplicationStatus;
  reason: string | null;
  merchantId: string | null;
  reviewedAt: string | null;
  createdAt: string;
}
