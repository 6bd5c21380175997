import type { USED_FILTER as API_USED_FILTER } from '../../../server/schemas/bank-entries';

/** The Used / Un-Used filter's values as the API takes them. */
export const USED_FILTER = ['Used', 'UnUsed', 'InternalTransfer'] as const satisfies typeof API_USED_FILTER;
