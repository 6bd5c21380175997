import { approvedInQueue, type QueuedRequest } from './queue';

/** What the queue's table and its phone cards are both given. */
export interface QueueViewProps {
  rows: QueuedRequest[];
  isPending: boolean;
  /** The tab's name, which names the table or the list of cards. */
  label: string;
  isSelected: (request: QueuedRequest) => boolean;
  onSelect: (request: QueuedRequest, on: boolean) => void;
  onReview: (request: QueuedRequest) => void;
}

/** How a request is named: its record's name (an order id, a code), or the start of its id. */
export const nameOf = (request: QueuedRequest) => request.record?.name ?? request.entityId.slice(0, 8);

/** Only pay-outs asked by someone else are checked in bulk. */
export const selectable = (request: QueuedRequest) => approvedInQueue(request) && !request.mine;
