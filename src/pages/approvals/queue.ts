import { useQuery } from '@tanstack/react-query';
import { APPROVED_IN_QUEUE } from '../../../domain/checker-queue';
import { get, post } from '../../providers/http';

export type QueueEntity = 'payins' | 'payouts' | 'settlements' | 'vendor-settlements' | 'bank-entries';

export interface Beneficiary {
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  bankName: string | null;
  upiId: string | null;
}

/** A maker's request as GET /v1/checker-requests answers it (server/services/audit/checker-queue.ts). */
export interface QueuedRequest {
  id: string;
  entity: QueueEntity;
  entityId: string;
  action: string;
  maker: string;
  makerRole: string;
  askedAt: string;
  mine: boolean;
  entries: {
    method: string | null;
    utr: string | null;
    bankAccountId: string | null;
    payingBank: string | null;
    confirmedAmount: number | null;
    reference: string | null;
    reason: string | null;
  };
  record: {
    name: string;
    status: string;
    amount: number;
    party: string | null;
    beneficiary: Beneficiary | null;
  } | null;
}

export interface QueueResult {
  id: string;
  ok: boolean;
  status?: string;
  awaitingChecker?: string | null;
  error?: string;
}

export type QueueScope = 'others' | 'mine' | 'all';

const PATH = '/checker-requests';

/** The actions a checker completes from the queue itself (the others are approved on their record). */
export const approvedInQueue = (r: Pick<QueuedRequest, 'action'>) =>
  (APPROVED_IN_QUEUE as readonly string[]).includes(r.action);

/** Every call of the checker's queue: the only place its paths are spelled. */
export const queueActions = {
  list: (params: { scope?: QueueScope; entity?: QueueEntity; entityId?: string }) =>
    get<{ data: QueuedRequest[]; total: number }>(PATH, params),
  approve: (ids: string[]) =>
    post<{ data: { results: QueueResult[] } }>(`${PATH}/approve`, {
      items: ids.map((entityId) => ({ entity: 'payouts', entityId })),
    }),
  decline: (items: Pick<QueuedRequest, 'entity' | 'entityId'>[], remark: string) =>
    post<{ data: { declined: string[] } }>(`${PATH}/decline`, {
      items: items.map(({ entity, entityId }) => ({ entity, entityId })),
      remark,
    }),
};

export const QUEUE_KEY = 'checker-requests';

/** The requests of a scope, read again on every refresh of the page (react-admin's refresh invalidates them). */
export const useQueue = (
  params: { scope?: QueueScope; entity?: QueueEntity; entityId?: string },
  enabled = true,
  refetchInterval?: number,
) =>
  useQuery({
    queryKey: [QUEUE_KEY, params],
    enabled,
    refetchInterval,
    queryFn: async () => {
      const result = await queueActions.list(params);
      if (result.error) throw new Error(result.error.message);
      return result.data.data;
    },
  });
