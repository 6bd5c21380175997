import type { Role } from './roles';
import { DATA_SCOPES } from './scope';

/**
 * Who did a step of a record's timeline, as merchant and vendor users are told it: by kind, never
 * by name. A name would tell a vendor whose row it is (`merchant-api:BOLT`) and anyone outside the
 * gateway who its staff are.
 */
export const ACTOR_KINDS = ['staff', 'merchant user', 'vendor user', 'merchant API', 'customer', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** A signed-in user acted: its kind by its role. */
export const ACTOR_KIND_OF_ROLE: Record<Role, ActorKind> = {
  ADMIN: 'staff',
  TRANSACTIONS: 'staff',
  OPERATIONS: 'staff',
  MERCHANT: 'merchant user',
  MERCHANT_ADMIN: 'merchant user',
  MERCHANT_OPERATIONS: 'merchant user',
  VENDOR: 'vendor user',
  VENDOR_OPERATIONS: 'vendor user',
};

/** No user acted: the names the audit log gives the merchant's API key and the customer's pay page. */
export const ACTOR_KIND_OF_NAME: readonly { name: RegExp; kind: ActorKind }[] = [
  { name: /^merchant-api:/, kind: 'merchant API' },
  { name: /^customer$/, kind: 'customer' },
];

/** An audit row's actor as stored: the user's role when a user acted, and the name written. */
export interface StoredActor {
  role: Role | null;
  name: string | null;
}

/** The kind of an actor; whatever no user and no known name did is the server's own (expiry, a provider). */
export const actorKindOf = ({ role, name }: StoredActor): ActorKind =>
  role ? ACTOR_KIND_OF_ROLE[role] : (ACTOR_KIND_OF_NAME.find((n) => n.name.test(name ?? ''))?.kind ?? 'system');

/** The actor as a viewer is shown it: by name to those who see every row (staff), by kind to the others. */
export const actorShownTo = (viewer: Role, actor: StoredActor): string =>
  DATA_SCOPES[viewer] === 'all' ? (actor.name ?? 'system') : actorKindOf(actor);
