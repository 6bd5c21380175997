import { describe, expect, it } from 'vitest';
import { ACTOR_KINDS, actorKindOf, actorShownTo, type ActorKind, type StoredActor } from './actors';
import { ROLES, type Role } from './roles';

// Written out by hand: the actors the audit log holds, and the kind merchant and vendor users see.
const ROWS: [StoredActor, ActorKind][] = [
  [{ role: null, name: 'merchant-api:BOLT' }, 'merchant API'],
  [{ role: null, name: 'merchant-api:ACME-KIDS' }, 'merchant API'],
  [{ role: null, name: 'customer' }, 'customer'],
  [{ role: null, name: 'system' }, 'system'],
  [{ role: null, name: 'eko' }, 'system'],
  [{ role: null, name: null }, 'system'],
  [{ role: null, name: 'merchant-api' }, 'system'],
  [{ role: null, name: 'a customer' }, 'system'],
  [{ role: 'ADMIN', name: 'admin' }, 'staff'],
  [{ role: 'TRANSACTIONS', name: 'priya' }, 'staff'],
  [{ role: 'OPERATIONS', name: 'match (added by operations)' }, 'staff'],
  [{ role: 'MERCHANT', name: 'merchant' }, 'merchant user'],
  [{ role: 'MERCHANT_ADMIN', name: 'merchant-api:ACME' }, 'merchant user'],
  [{ role: 'MERCHANT_OPERATIONS', name: 'ravi' }, 'merchant user'],
  [{ role: 'VENDOR', name: 'vendor' }, 'vendor user'],
  [{ role: 'VENDOR_OPERATIONS', name: 'customer' }, 'vendor user'],
];

const SEES_NAMES: Record<Role, boolean> = {
  ADMIN: true,
  TRANSACTIONS: true,
  OPERATIONS: true,
  MERCHANT: false,
  MERCHANT_ADMIN: false,
  MERCHANT_OPERATIONS: false,
  VENDOR: false,
  VENDOR_OPERATIONS: false,
};

describe('timeline actors', () => {
  it.each(ROWS)('%o is of kind %s', (actor, kind) => {
    expect(actorKindOf(actor)).toBe(kind);
    expect(ACTOR_KINDS).toContain(kind);
  });

  it.each(ROLES)('%s sees actors by name only if it is staff', (viewer) => {
    for (const [actor, kind] of ROWS)
      expect(actorShownTo(viewer, actor)).toBe(SEES_NAMES[viewer] ? (actor.name ?? 'system') : kind);
  });
});
