import { post } from '../../providers/http';
import type { ProviderEvent } from './types';

/** The API resource of the event log. */
export const PROVIDER_EVENTS = 'provider-events';

/** Applies a verified event that failed once more (ADMIN). */
export const replayEvent = (id: string) =>
  post<{ data: ProviderEvent }>(`/${PROVIDER_EVENTS}/${encodeURIComponent(id)}/replay`);

/** Only a verified event that failed to apply may be replayed (the server checks the same). */
export const mayReplay = (event: Pick<ProviderEvent, 'verified' | 'outcome'>) =>
  event.verified && event.outcome === 'failed';
