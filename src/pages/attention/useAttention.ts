import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AttentionKey } from '../../../domain/attention';
import { useLiveRefresh } from '../../live';
import { useHeaderState } from '../../notifications';
import { get } from '../../providers/http';

export interface AttentionCount {
  key: AttentionKey;
  count: number;
}

/** Read again this often besides every live event and every refresh of the page. */
const POLL_MS = 60_000;
/** Live events come in bursts (a statement import): one read after the burst. */
const SETTLE_MS = 1_000;

/** What needs the user's attention (GET /v1/attention), shared by the header's count and the Dashboard's panel. */
export const useAttention = () =>
  useQuery({
    queryKey: ['attention'],
    refetchInterval: POLL_MS,
    queryFn: async () => {
      const result = await get<{ data: AttentionCount[]; total: number }>('/attention');
      if (result.error) throw new Error(result.error.message);
      return result.data;
    },
  });

/**
 * Kept current, once per page (the top bar): every pay-in or bank-entry event reads it again; the
 * sum is the header's count (SPEC §3 noOfNotifications).
 */
export const useLiveAttention = () => {
  const { setNoOfNotifications } = useHeaderState();
  const query = useAttention();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { refetch } = query;
  useLiveRefresh(['payins', 'bank-entries'], () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined) setNoOfNotifications(total);
  }, [total, setNoOfNotifications]);
  return query;
};
