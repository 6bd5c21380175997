import { describe, expect, it } from 'vitest';
import {
  CHECKED_ACTIONS,
  FOUR_EYES,
  checkerRefusal,
  creatorRefused,
  differingFields,
  mayMake,
  needsCheck,
  type CheckedAction,
  type Person,
} from './four-eyes';
import type { Role } from './roles';

const T = 1_00_000_00;

describe('needsCheck', () => {
  // prettier-ignore
  const CASES: [CheckedAction, number, boolean, boolean][] = [
    // action                      amount   asked   needed
    ['payin.confirm',              1,       false,  false],
    ['payin.confirm',              1,       true,   true],
    ['payout.approve',             T,       false,  false],
    ['payout.approve',             T + 1,   false,  true],
    ['payout.reverse',             1,       false,  true],
    ['settlement.approve',         T,       false,  false],
    ['settlement.approve',         T + 1,   false,  true],
    ['vendor-settlement.approve',  T + 1,   false,  true],
    ['bank-entry.reset',           1,       false,  true],
  ];
  it.each(CASES)('%s of %d (asked %s): %s', (action, amount, asked, needed) =>
    expect(needsCheck(action, amount, T, asked)).toBe(needed),
  );
  it('has a rule for every checked action', () => {
    expect(Object.keys(FOUR_EYES).sort()).toEqual([...CHECKED_ACTIONS].sort());
  });
});

describe('checkerRefusal', () => {
  const person = (id: string, role: Role = 'OPERATIONS', accessGivenBy: string[] = []): Person => ({
    id,
    role,
    accessGivenBy,
  });
  // prettier-ignore
  const CASES: [string, CheckedAction, Role, Person, string | null][] = [
    // name                                     action            maker role  checker                                   refusal
    ['another person',                          'payin.confirm',  'OPERATIONS', person('c'),                           null],
    ['the maker itself',                        'payin.confirm',  'OPERATIONS', person('m'),                           'SAME_PERSON'],
    ['a user the maker created',                'payin.confirm',  'TRANSACTIONS', person('c', 'OPERATIONS', ['m']),    'SAME_PERSON'],
    ['a user the maker reset or changed, later', 'payout.reverse', 'ADMIN',     person('c', 'ADMIN', ['x', 'm']),      'SAME_PERSON'],
    ['a user someone else created',             'payout.approve', 'OPERATIONS', person('c', 'OPERATIONS', ['x']),      null],
    ["a vendor's user after a vendor's maker",  'payout.approve', 'VENDOR',     person('c', 'VENDOR_OPERATIONS'),      'STAFF_CHECKER'],
    ["staff after a vendor's maker",            'payout.approve', 'VENDOR',     person('c', 'ADMIN'),                  null],
    ["a dependent vendor user: same person",    'payout.approve', 'VENDOR',     person('c', 'VENDOR_OPERATIONS', ['m']), 'SAME_PERSON'],
  ];
  it.each(CASES)('%s', (_name, action, makerRole, checker, refusal) =>
    expect(checkerRefusal(action, 'm', makerRole, checker)).toBe(refusal),
  );
});

describe('creatorRefused and differingFields', () => {
  it('refuses the creator only where the rule says', () => {
    const u: Person = { id: 'u', role: 'TRANSACTIONS', accessGivenBy: [] };
    const v: Person = { id: 'v', role: 'ADMIN', accessGivenBy: [] };
    const madeByU: Person = { id: 'w', role: 'OPERATIONS', accessGivenBy: ['u'] };
    expect(creatorRefused('settlement.approve', 'u', u)).toBe(true);
    expect(creatorRefused('vendor-settlement.approve', 'u', u)).toBe(true);
    expect(creatorRefused('settlement.approve', 'u', madeByU)).toBe(true);
    expect(creatorRefused('settlement.approve', 'u', v)).toBe(false);
    expect(creatorRefused('settlement.approve', null, v)).toBe(false);
    expect(creatorRefused('payout.approve', 'u', u)).toBe(false);
  });
  it('compares only the fields the checker repeats', () => {
    const asked = { confirmedAmount: 500, utr: '123456789012', reason: 'seen on statement' };
    expect(differingFields('payin.confirm', asked, { confirmedAmount: 500, utr: '123456789012' })).toEqual([]);
    expect(differingFields('payin.confirm', asked, { confirmedAmount: 5000, utr: '123456789012' })).toEqual([
      'confirmedAmount',
    ]);
    expect(differingFields('payout.approve', { method: 'eko' }, { method: 'manual', utr: '1' })).toEqual([
      'method',
      'utr',
    ]);
    expect(differingFields('payout.reverse', {}, { anything: 1 })).toEqual([]);
  });
});

describe('mayMake', () => {
  it('lets only an ADMIN ask for a bank-entry reset; another staff user may only check it', () => {
    expect(mayMake('bank-entry.reset', 'ADMIN')).toBe(true);
    expect(mayMake('bank-entry.reset', 'TRANSACTIONS')).toBe(false);
    expect(mayMake('settlement.approve', 'TRANSACTIONS')).toBe(true);
  });
});
