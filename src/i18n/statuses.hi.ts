import type { statusMessages } from './statuses';

/** The statuses as Hindi words (SPEC §5). */
export const statusMessagesHi: typeof statusMessages = {
  INITIATED: 'शुरू किया गया',
  ASSIGNED: 'सौंपा गया',
  PENDING: 'लंबित',
  IMG_PENDING: 'स्क्रीनशॉट लंबित',
  SUCCESS: 'सफल',
  DROPPED: 'रद्द',
  DISPUTE: 'विवाद',
  DUPLICATE: 'डुप्लिकेट',
  REJECTED: 'अस्वीकृत',
  REVERSED: 'रिवर्स',
  APPROVED: 'स्वीकृत',
};
