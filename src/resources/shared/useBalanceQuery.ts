import { useQuery } from '@tanstack/react-query';
import type { Result } from '../../providers/http';

/** Codes named in a list's filter: an array from the form, or one code or comma-joined codes from the address. */
export const codesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((code) => String(code).trim())
    .filter(Boolean);

/**
 * Balances read with react-query under `key`: react-admin's refresh (after every create, approve,
 * reject and reset) invalidates every query, so they are read again with the list. A refusal is
 * thrown, so the caller sees `isError`.
 */
export const useBalanceQuery = <T>(
  key: readonly unknown[],
  read: () => Promise<Result<{ data: T[] }>>,
  enabled: boolean,
) =>
  useQuery({
    queryKey: key,
    queryFn: async () => {
      const result = await read();
      if (result.error) throw Object.assign(new Error(result.error.message), { status: result.error.status });
      return result.data?.data ?? [];
    },
    enabled,
    retry: 1,
  });
