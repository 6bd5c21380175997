import type { Role } from './roles';

/** An application from the public on-boarding form: pending until an ADMIN approves or rejects it, once. */
export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The status of a new application, and the one status a review starts from. */
export const REVIEWABLE_STATUS = 'PENDING' satisfies ApplicationStatus;

/** What a review makes of an application. */
export type ReviewOutcome = Exclude<ApplicationStatus, typeof REVIEWABLE_STATUS>;

export const isReviewable = (status: ApplicationStatus): boolean => status === REVIEWABLE_STATUS;

/** Approval creates the merchant and one user of this role for the applicant's contact. */
export const APPLICANT_ROLE = 'MERCHANT' satisfies Role;
