import { describe, expect, it } from 'vitest';
import { MATCH_RULES, matchUtr, type MatchEntry, type MatchInput } from './payin-matching';

const PAYIN = { id: 'p1', bankAccountId: 'b1', bankNickname: 'ALPHA-HDFC-01', amount: 500_00 };
const entry = (e: Partial<MatchEntry> = {}): MatchEntry => ({
  bankAccountId: 'b1',
  bankNickname: 'ALPHA-HDFC-01',
  amount: 500_00,
  usedByPayinId: null,
  ...e,
});
const OTHER_BANK = { bankAccountId: 'b2', bankNickname: 'BETA-AXIS-01' };

type Case = [string, MatchEntry | null, boolean, string, boolean, number | null, RegExp | null];

/** Issue 10, item 5: what a UTR does to a pay-in of ₹500 on b1, row by row, and which rule wins when several hold. */
// prettier-ignore
const CASES: Case[] = [
  // name                                        entry                                                        claimed status       takes  confirmed    reason
  ['same bank, same amount',                     entry(),                                                     false,  'SUCCESS',   true,  500_00,      null],
  ['another amount',                             entry({ amount: 450_00 }),                                   false,  'DISPUTE',   true,  450_00,      /^₹450\.00 received, ₹500\.00 expected$/],
  ['more than asked',                            entry({ amount: 1_00_000_00 }),                              false,  'DISPUTE',   true,  1_00_000_00, /^₹1,00,000\.00 received, ₹500\.00 expected$/],
  ['another bank',                               entry(OTHER_BANK),                                           false,  'DISPUTE',   true,  500_00,      /^Paid into BETA-AXIS-01 instead of ALPHA-HDFC-01$/],
  ['another bank and amount: the bank is named', entry({ ...OTHER_BANK, amount: 1_00 }),                      false,  'DISPUTE',   true,  1_00,        /^Paid into BETA-AXIS-01 instead of ALPHA-HDFC-01$/],
  ['entry used by another pay-in',               entry({ usedByPayinId: 'p2' }),                              false,  'DUPLICATE', false, null,        /^This UTR was already used for another payment$/],
  ['used entry beats another bank and amount',   entry({ ...OTHER_BANK, amount: 1_00, usedByPayinId: 'p2' }), false,  'DUPLICATE', false, null,        /already used/],
  ['used entry beats a waiting claim',           entry({ usedByPayinId: 'p2' }),                              true,   'DUPLICATE', false, null,        /already used/],
  ['entry used by this pay-in: no duplicate',    entry({ usedByPayinId: 'p1' }),                              false,  'SUCCESS',   true,  500_00,      null],
  ['entry used by this pay-in, another amount',  entry({ usedByPayinId: 'p1', amount: 499_99 }),              false,  'DISPUTE',   true,  499_99,      /^₹499\.99 received, ₹500\.00 expected$/],
  ['an entry decides, whatever others claimed',  entry(),                                                     true,   'SUCCESS',   true,  500_00,      null],
  ['no entry, another pay-in waits on the UTR',  null,                                                        true,   'DUPLICATE', false, null,        /^This UTR was already submitted for another payment$/],
  ['no entry yet',                               null,                                                        false,  'PENDING',   false, null,        /^Waiting for the bank credit$/],
];
const inputOf = ([, e, claimedByOther]: Case): MatchInput => ({ payin: PAYIN, entry: e, claimedByOther });

const ASSIGNED = new Date('2026-11-27T10:00:00Z');
const BEFORE = new Date('2026-11-27T09:59:59Z');
const AFTER = new Date('2026-11-27T10:00:01Z');
type ControlCase = [
  string,
  Partial<MatchInput['payin']>,
  MatchEntry | null,
  string | null,
  string,
  boolean,
  number | null,
  RegExp | null,
];

/** Issue 29, item 1: one bank credit, one use; a credit older than the pay-in's assignment; test pay-ins. */
// prettier-ignore
const CONTROL_CASES: ControlCase[] = [
  // name                                               pay-in                                  entry                                           UTR used by  status       takes  confirmed  reason
  ['credit recorded before the assignment',            { assignedAt: ASSIGNED },               entry({ recordedAt: BEFORE }),                  null,        'DISPUTE',   true,  500_00,    /^credit recorded before this pay-in was assigned$/],
  ['credit recorded after the assignment',             { assignedAt: ASSIGNED },               entry({ recordedAt: AFTER }),                   null,        'SUCCESS',   true,  500_00,    null],
  ['credit recorded at the very assignment',           { assignedAt: ASSIGNED },               entry({ recordedAt: ASSIGNED }),                null,        'SUCCESS',   true,  500_00,    null],
  ['an early credit is disputed before its bank',      { assignedAt: ASSIGNED },               entry({ ...OTHER_BANK, recordedAt: BEFORE }),   null,        'DISPUTE',   true,  500_00,    /before this pay-in was assigned/],
  ['an early credit used by another: duplicate',       { assignedAt: ASSIGNED },               entry({ recordedAt: BEFORE, usedByPayinId: 'p2' }), null,    'DUPLICATE', false, null,      /already used/],
  ['UTR used by a pay-out, no entry',                  {},                                     null,                                           'po1',       'DUPLICATE', false, null,      /^This UTR was already used for another payment$/],
  ['UTR used by a staff-confirmed pay-in, entry free', {},                                     entry(),                                        'p2',        'DUPLICATE', false, null,      /already used/],
  ['UTR used by this very pay-in',                     {},                                     entry(),                                        'p1',        'SUCCESS',   true,  500_00,    null],
  ['a test pay-in never takes a real credit',          { test: true },                         entry(),                                        null,        'SUCCESS',   false, 500_00,    null],
  ['a test pay-in, no credit: its own path',           { test: true },                         null,                                           null,        'SUCCESS',   false, 500_00,    null],
  ['a test pay-in, a used UTR: still its own path',    { test: true },                         entry({ usedByPayinId: 'p2' }),                 'p2',        'SUCCESS',   false, 500_00,    null],
];
const controlInput = ([, payin, e, usedBy]: ControlCase): MatchInput => ({
  payin: { ...PAYIN, ...payin },
  entry: e,
  claimedByOther: false,
  utrUsedBy: usedBy,
});

describe('matchUtr: one credit, one use (issue 29)', () => {
  it.each(CONTROL_CASES)('%s', (...c) => {
    const [, , , , status, takesEntry, confirmedAmount, reason] = c;
    const outcome = matchUtr(controlInput(c));
    expect(outcome).toMatchObject({ status, takesEntry, confirmedAmount });
    if (reason === null) expect(outcome.reason).toBeNull();
    else expect(outcome.reason).toMatch(reason);
  });
});

describe('matchUtr', () => {
  it.each(CASES)('%s', (...c) => {
    const [, , , status, takesEntry, confirmedAmount, reason] = c;
    const outcome = matchUtr(inputOf(c));
    expect(outcome).toMatchObject({ status, takesEntry, confirmedAmount });
    if (reason === null) expect(outcome.reason).toBeNull();
    else expect(outcome.reason).toMatch(reason);
  });

  it('names a bank by its id when it has no nickname', () => {
    const outcome = matchUtr({
      payin: { id: 'p1', bankAccountId: 'b1', amount: 1 },
      entry: { bankAccountId: 'b2', amount: 1, usedByPayinId: null },
      claimedByOther: false,
    });
    expect(outcome.reason).toBe('Paid into b2 instead of b1');
  });

  it('never takes an entry without deciding from it, and never gives a PENDING or DUPLICATE an amount', () => {
    const inputs = [...CASES.map(inputOf), ...CONTROL_CASES.map(controlInput)];
    for (const input of inputs) {
      const outcome = matchUtr(input);
      // A test pay-in is given its own amount and never a real credit.
      expect(outcome.takesEntry).toBe(outcome.confirmedAmount !== null && input.payin.test !== true);
      if (input.payin.test) expect(outcome.takesEntry).toBe(false);
      if (outcome.status === 'PENDING' || outcome.status === 'DUPLICATE') expect(outcome.takesEntry).toBe(false);
    }
  });
});

describe('MATCH_RULES', () => {
  it('are read in this order, the last one always holding', () => {
    expect(MATCH_RULES.map((r) => r.name)).toEqual([
      'a test pay-in: paid by its test path, never by a real credit',
      'the UTR already paid or proved another record',
      'the entry already paid another pay-in',
      'no entry yet, and another pay-in waits on this UTR',
      'no entry yet',
      'the credit was recorded before the pay-in was assigned',
      'paid into another bank account',
      'another amount',
      'same bank, same amount',
    ]);
    expect(MATCH_RULES.at(-1)!.when({ payin: PAYIN, entry: entry(), claimedByOther: true })).toBe(true);
  });

  it.each(CASES)('exactly the first rule that holds decides: %s', (...c) => {
    const m = inputOf(c);
    const first = MATCH_RULES.findIndex((r) => r.when(m));
    expect(matchUtr(m)).toEqual(MATCH_RULES[first].then(m));
  });
});
