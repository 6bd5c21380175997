import { STAFF_ROLES, type Role } from './roles';

/**
 * Four eyes wherever money is created or released on a person's word (issue 29, item 3): one
 * table of the actions that take a second person, when they do, and what the checker must repeat.
 * A first user's call records the maker's request (202, awaiting a checker); another person's same
 * call completes it. The server's one mechanism (server/services/audit/four-eyes.ts) reads this.
 */
export const CHECKED_ACTIONS = [
  'payin.confirm',
  'payout.approve',
  'payout.reverse',
  'settlement.approve',
  'vendor-settlement.approve',
  'bank-entry.reset',
] as const;
export type CheckedAction = (typeof CHECKED_ACTIONS)[number];

export type CheckedEntity = 'payins' | 'payouts' | 'settlements' | 'vendor-settlements' | 'bank-entries';

export interface FourEyesRule {
  entity: CheckedEntity;
  /** always; or only above the checker threshold (amount in paise); or as the service decides (a condition of the record). */
  when: 'always' | 'above-threshold' | 'when-asked';
  /** What the checker types again, and must type as the maker did. */
  fields: readonly string[];
  /** The staff user who created the record may not approve it, whatever the amount. */
  notByCreator: boolean;
  /** A maker of these roles is checked by a staff user only. */
  staffCheckAfter: readonly Role[];
  /** Who may ask (be the maker); every other role the route lets in may only check. */
  makers: 'any' | readonly Role[];
}

const VENDOR_MAKERS: readonly Role[] = ['VENDOR', 'VENDOR_OPERATIONS'];

// prettier-ignore
export const FOUR_EYES: Record<CheckedAction, FourEyesRule> = {
  // Only a confirmation without a bank entry: the service says when (domain/payin-confirmation).
  'payin.confirm':             { entity: 'payins',             when: 'when-asked',      fields: ['confirmedAmount', 'utr'],          notByCreator: false, staffCheckAfter: [],             makers: 'any' },
  'payout.approve':            { entity: 'payouts',            when: 'above-threshold', fields: ['method', 'utr', 'bankAccountId'], notByCreator: false, staffCheckAfter: VENDOR_MAKERS,  makers: 'any' },
  'payout.reverse':            { entity: 'payouts',            when: 'always',          fields: [],                                  notByCreator: false, staffCheckAfter: [],             makers: 'any' },
  'settlement.approve':        { entity: 'settlements',        when: 'above-threshold', fields: ['reference'],                       notByCreator: true,  staffCheckAfter: [],             makers: 'any' },
  'vendor-settlement.approve': { entity: 'vendor-settlements', when: 'above-threshold', fields: ['reference'],                       notByCreator: true,  staffCheckAfter: [],             makers: 'any' },
  'bank-entry.reset':          { entity: 'bank-entries',       when: 'always',          fields: [],                                  notByCreator: false, staffCheckAfter: [],             makers: ['ADMIN'] },
};

/** May a user of this role ask for this action, or only check another's request? */
export const mayMake = (action: CheckedAction, role: Role): boolean => {
  const { makers } = FOUR_EYES[action];
  return makers === 'any' || makers.includes(role);
};

/** Does this call take a checker? `asked` is the service's own condition for 'when-asked' rules. */
export const needsCheck = (action: CheckedAction, amount: number, thresholdPaise: number, asked = false): boolean => {
  const { when } = FOUR_EYES[action];
  if (when === 'always') return true;
  if (when === 'above-threshold') return amount > thresholdPaise;
  return asked;
};

export interface Person {
  id: string;
  role: Role;
  /** Everyone who created this user, reset its password or changed its access. */
  accessGivenBy: readonly string[];
}

export type CheckerRefusal = 'SAME_PERSON' | 'STAFF_CHECKER' | null;

/**
 * The checker is another person: not the maker, and not a user the maker created, reset the password
 * of or changed the access of. After a vendor's maker, a staff user.
 */
export const checkerRefusal = (
  action: CheckedAction,
  makerId: string,
  makerRole: Role,
  checker: Person,
): CheckerRefusal => {
  if (checker.id === makerId || checker.accessGivenBy.includes(makerId)) return 'SAME_PERSON';
  if (FOUR_EYES[action].staffCheckAfter.includes(makerRole) && !STAFF_ROLES.includes(checker.role))
    return 'STAFF_CHECKER';
  return null;
};

/**
 * May this user approve a record it created? notByCreator rules refuse the creator whatever the
 * amount, and a user the creator created, reset the password of or gave access to.
 */
export const creatorRefused = (action: CheckedAction, creatorId: string | null, approver: Person) =>
  FOUR_EYES[action].notByCreator &&
  creatorId !== null &&
  (approver.id === creatorId || approver.accessGivenBy.includes(creatorId));

/** The fields a checker typed otherwise than the maker. */
export const differingFields = (
  action: CheckedAction,
  asked: Record<string, unknown>,
  given: Record<string, unknown>,
): string[] => FOUR_EYES[action].fields.filter((f) => (asked[f] ?? null) !== (given[f] ?? null));
