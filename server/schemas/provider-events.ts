import { Type, type Static } from '@fastify/type-provider-typebox';
import { PROVIDER_EVENT_OUTCOMES, PROVIDERS } from '../../domain/providers';
import { BooleanFilter } from '../services/common/lists';
import { Nullable, enumListOf, enumOf } from './common';

export const PROVIDER_EVENT_SORTS = ['receivedAt'] as const;
export type ProviderEventSort = (typeof PROVIDER_EVENT_SORTS)[number];

/** A webhook as the event log lists it (issue 14, item 5). */
export const ProviderEventRow = Type.Object({
  id: Type.String(),
  provider: enumOf(PROVIDERS),
  eventId: Nullable(Type.String()),
  eventType: Nullable(Type.String()),
  verified: Type.Boolean(),
  outcome: enumOf(PROVIDER_EVENT_OUTCOMES),
  detail: Nullable(Type.String()),
  payinId: Nullable(Type.String()),
  paymentId: Nullable(Type.String()),
  attempts: Type.Integer(),
  appliedAt: Nullable(Type.String()),
  receivedAt: Type.String(),
});
export type ProviderEventRow = Static<typeof ProviderEventRow>;

/** One event with what was received: its signature headers and its raw body. */
export const ProviderEventDetail = Type.Object({
  ...ProviderEventRow.properties,
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.String({
    description:
      'the raw body, exactly as received; of a rejected (unverified) webhook its first 1,024 bytes, with body-sha256 and body-bytes among the headers',
  }),
});
export type ProviderEventDetail = Static<typeof ProviderEventDetail>;

export const ProviderEventFilters = {
  provider: Type.Optional(enumListOf(PROVIDERS)),
  outcome: Type.Optional(enumListOf(PROVIDER_EVENT_OUTCOMES)),
  verified: BooleanFilter,
  payinId: Type.Optional(Type.String({ format: 'uuid' })),
};
