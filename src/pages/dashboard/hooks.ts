import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { presetRange, type DatePreset, type DayRange } from '../../../domain/date-presets';
import type { Result } from '../../providers/http';
import { payoutActions } from '../../resources/payouts/actions';

/** The chosen period: a preset, or 'custom' once a day is typed; `from` and `to` are IST days. */
export interface Period extends DayRange {
  preset: DatePreset | 'custom';
}

export const periodOf = (preset: DatePreset, now: Date = new Date()): Period => ({
  preset,
  ...presetRange(preset, now),
});

/**
 * What the controls show (`draft`) and what the figures were asked for (`applied`): Search
 * applies the draft, or reads the same figures again when nothing changed.
 */
export const useSearch = <F extends object>(initial: () => F) => {
  const [draft, setDraft] = useState(initial);
  const [applied, setApplied] = useState(draft);
  const change = (patch: Partial<F>) => setDraft((current) => ({ ...current, ...patch }));
  const search = (readAgain: () => void) =>
    JSON.stringify(draft) === JSON.stringify(applied) ? readAgain() : setApplied(draft);
  return { draft, applied, change, search };
};

/** A failure thrown with the server's message, so the board shows it. */
export const useBoardQuery = <T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => Promise<Result<{ data: T }>>,
  enabled = true,
) =>
  useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const result = await read(signal);
      if (result.error) throw new Error(result.error.message);
      return result.data.data;
    },
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** The enabled vendors staff choose among (GET /v1/payouts/vendors); none asked for when `enabled` is false. */
export const useEnabledVendors = (enabled: boolean) =>
  useQuery({
    queryKey: ['payouts', 'vendors'],
    queryFn: async () => {
      const result = await payoutActions.vendors();
      if (result.error) throw new Error(result.error.message);
      return result.data.data;
    },
    enabled,
    retry: false,
  });
