import { canUseScreen, type Screen } from './access';
import type { Role } from './roles';
import { STAFF_ROLES } from './roles';

/** A PENDING pay-in older than this (since its last change) needs someone to look at it. */
export const PENDING_ATTENTION_MINUTES = 15;
/** A bank credit nobody matched for this long needs someone to look at it. */
export const UNUSED_CREDIT_MINUTES = 60;
/** Counts stop here: the panel says "1000+" rather than scanning years of rows. */
export const ATTENTION_CAP = 1000;

export const ATTENTION_KEYS = [
  'pending_long',
  'img_pending',
  'dispute',
  'duplicate',
  'payouts_awaiting_checker',
  'unused_credits',
  'callbacks_failing',
] as const;
export type AttentionKey = (typeof ATTENTION_KEYS)[number];

export interface AttentionItem {
  /** The screen its filtered list opens on: a role sees the item only when it may use that screen. */
  screen: Screen;
  /** The list's filter (react-admin's `filter` query parameter), none for the checker's queue. */
  filter?: Record<string, unknown>;
  /** Only these roles, besides the screen's rule. */
  roles?: readonly Role[];
}

/**
 * The Dashboard's "needs attention" panel (issue 31, item 4): each count links to the list that
 * shows exactly what it counted; the header's count is their sum for the user's role.
 */
export const ATTENTION: Record<AttentionKey, AttentionItem> = {
  pending_long: {
    screen: 'deposit/all',
    filter: { status: ['PENDING'], staleMinutes: PENDING_ATTENTION_MINUTES },
  },
  img_pending: { screen: 'deposit/all', filter: { status: ['IMG_PENDING'] }, roles: STAFF_ROLES },
  dispute: { screen: 'deposit/all', filter: { status: ['DISPUTE'] }, roles: STAFF_ROLES },
  duplicate: { screen: 'deposit/all', filter: { status: ['DUPLICATE'] }, roles: STAFF_ROLES },
  payouts_awaiting_checker: { screen: 'approvals' },
  unused_credits: { screen: 'add-data', filter: { used: 'UnUsed', staleMinutes: UNUSED_CREDIT_MINUTES } },
  callbacks_failing: {
    screen: 'deposit/all',
    filter: { callback: 'FAILED' },
    roles: [...STAFF_ROLES, 'MERCHANT', 'MERCHANT_ADMIN', 'MERCHANT_OPERATIONS'],
  },
};

/** Where an item's count links: its screen, filtered to what it counted, the filters shown. */
export const attentionPath = (key: AttentionKey): string => {
  const { screen, filter } = ATTENTION[key];
  if (!filter) return `/app/${screen}`;
  const shown = Object.fromEntries(Object.keys(filter).map((k) => [k, true]));
  const query = new URLSearchParams({ filter: JSON.stringify(filter), displayedFilters: JSON.stringify(shown) });
  return `/app/${screen}?${query.toString()}`;
};

/** The items a role sees: those whose list it may open (and, for some, only staff). */
export const attentionFor = (role: Role): AttentionKey[] =>
  ATTENTION_KEYS.filter((key) => {
    const item = ATTENTION[key];
    return canUseScreen(role, item.screen) && (!item.roles || item.roles.includes(role));
  });
