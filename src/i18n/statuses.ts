/**
 * SPEC §5: a status is shown to a person as words, never as its code; the API keeps the codes.
 * One table for pay-ins, pay-outs, settlements and applications (they share most codes).
 */
export const statusMessages = {
  INITIATED: 'Initiated',
  ASSIGNED: 'Assigned',
  PENDING: 'Pending',
  IMG_PENDING: 'Screenshot Pending',
  SUCCESS: 'Success',
  DROPPED: 'Dropped',
  DISPUTE: 'Dispute',
  DUPLICATE: 'Duplicate',
  REJECTED: 'Rejected',
  REVERSED: 'Reversed',
  APPROVED: 'Approved',
};
