import { Type, type Static } from '@fastify/type-provider-typebox';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../domain/audit-event';
import { ROLES } from '../../domain/roles';
import { IstDay, Nullable, enumListOf, enumOf } from './common';

export const AUDIT_SORTS = ['at'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** Audit events are numbered, not UUIDs. */
export const AuditEventId = Type.String({ pattern: '^\\d{1,18}$' });

export const AuditEventView = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorId: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  actorRole: Nullable(enumOf(ROLES)),
  action: enumOf(AUDIT_ACTIONS),
  entity: enumOf(AUDIT_ENTITIES),
  entityId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Nullable(Type.String()),
});
export type AuditEventView = Static<typeof AuditEventView>;

export const AuditEventFilters = {
  entity: Type.Optional(enumListOf(AUDIT_ENTITIES)),
  entityId: Type.Optional(Type.String({ maxLength: 100 })),
  action: Type.Optional(enumListOf(AUDIT_ACTIONS)),
  actorName: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};
