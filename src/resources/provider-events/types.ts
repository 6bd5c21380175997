import type { Provider, ProviderEventOutcome } from '../../../domain/providers';

/** One webhook a provider sent, as the event log lists it (GET /v1/provider-events). */
export interface ProviderEvent {
  id: string;
  provider: Provider;
  eventId: string | null;
  eventType: string | null;
  verified: boolean;
  outcome: ProviderEventOutcome;
  detail: string | null;
  payinId: string | null;
  paymentId: string | null;
  attempts: number;
  receivedAt: string;
  appliedAt: string | null;
}

/** One event with what was received (GET /v1/provider-events/:id). */
export interface ProviderEventDetail extends ProviderEvent {
  body: unknown;
  headers: Record<string, string> | null;
}
