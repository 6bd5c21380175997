export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

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
