import { describe, expect, it } from 'vitest';
import {
  PAYIN_STATUSES,
  PAYIN_TRANSITIONS,
  PAYIN_VIEWS,
  canTransition,
  isUtr,
  mayAct,
  normaliseUtr,
  refusalOf,
  upiLink,
  type PayinAction,
  type PayinStatus,
} from './payin';
import { ROLES, type Role } from './roles';

/**
 * The transition table written out by hand: a change to PAYIN_TRANSITIONS must change this test.
 * `x` allowed, `.` refused. FROM: the statuses an action starts from; TO: those it may end in.
 */
const FROM = grid(`
                    INITIATED ASSIGNED SUCCESS DROPPED DUPLICATE DISPUTE PENDING IMG_PENDING
assign              x         .        .       .       .         .       .       .
submit-utr          .         x        .       .       .         .       .       .
submit-screenshot   .         x        .       .       .         .       .       .
match-entry         .         x        .       .       .         .       x       .
expire              x         x        .       .       .         .       .       .
enter-utr           .         .        .       .       .         .       .       x
confirm             .         .        .       .       x         x       x       x
reopen              .         .        .       x       .         .       .       .
reset-entry         .         .        x       .       .         x       .       .
provider-intent     x         x        .       .       .         .       .       .
provider-capture    x         x        .       x       .         .       x       .
provider-fail       x         x        .       .       .         .       .       .
`);
const TO = grid(`
                    INITIATED ASSIGNED SUCCESS DROPPED DUPLICATE DISPUTE PENDING IMG_PENDING
assign              .         x        .       .       .         .       .       .
submit-utr          .         .        x       .       x         x       x       .
submit-screenshot   .         .        .       .       .         .       .       x
match-entry         .         .        x       .       .         x       .       .
expire              .         .        .       x       .         .       .       .
enter-utr           .         .        x       .       x         x       x       .
confirm             .         .        x       .       .         .       .       .
reopen              x         .        .       .       .         .       .       .
reset-entry         .         .        .       .       .         .       x       .
provider-intent     .         x        .       .       .         .       .       .
provider-capture    .         .        x       .       .         x       .       .
provider-fail       .         .        .       x       .         .       .       .
`);

type Move = Exclude<PayinAction, 'create'>;

/** A grid of actions by statuses: the header must be PAYIN_STATUSES in order. */
function grid(text: string) {
  const [header, ...rows] = text.trim().split('\n');
  if (header.trim().split(/\s+/).join(' ') !== PAYIN_STATUSES.join(' ')) throw new Error(`grid header: ${header}`);
  return new Map(
    rows.map((row) => {
      const [action, ...cells] = row.trim().split(/\s+/);
      if (cells.length !== PAYIN_STATUSES.length) throw new Error(`grid row ${action}: ${cells.length} cells`);
      return [action as Move, new Set(PAYIN_STATUSES.filter((_, i) => cells[i] === 'x'))];
    }),
  );
}

const STAFF: Role[] = ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'];
const ACTORS: Record<Move, Role[]> = {
  assign: [],
  'submit-utr': [],
  'submit-screenshot': [],
  'match-entry': [],
  expire: [],
  'enter-utr': STAFF,
  confirm: STAFF,
  reopen: STAFF,
  'reset-entry': ['ADMIN', 'TRANSACTIONS'],
  'provider-intent': [],
  'provider-capture': [],
  'provider-fail': [],
};

const ACTIONS = [...FROM.keys()];
const from = (action: Move, status: PayinStatus) => FROM.get(action)!.has(status);
const to = (action: Move, status: PayinStatus) => TO.get(action)!.has(status);

describe('PAYIN_TRANSITIONS', () => {
  it('has one row per action, exactly the actions written out here', () => {
    expect(PAYIN_TRANSITIONS.map((t) => t.action).sort()).toEqual([...ACTIONS].sort());
    expect([...TO.keys()]).toEqual(ACTIONS);
  });

  it.each(ACTIONS.flatMap((action) => PAYIN_STATUSES.map((status) => [action, status] as const)))(
    '%s from %s',
    (action, status) => {
      expect(canTransition(action, status)).toBe(from(action, status));
      for (const end of PAYIN_STATUSES)
        expect(canTransition(action, status, end), `to ${end}`).toBe(from(action, status) && to(action, end));
    },
  );

  it('knows no transition for creating: a pay-in is born INITIATED, not moved there', () =>
    expect(() => canTransition('create', 'INITIATED')).toThrow(/no transition for create/));
});

describe('mayAct', () => {
  it.each(ACTIONS.flatMap((action) => ROLES.map((role) => [action, role] as const)))('%s by %s', (action, role) =>
    expect(mayAct(role, action)).toBe(ACTORS[action].includes(role)),
  );
});

describe('refusalOf', () => {
  const refused = ACTIONS.flatMap((action) =>
    PAYIN_STATUSES.filter((s) => !from(action, s)).map((s) => [action, s] as const),
  );
  it.each(refused)('%s from %s names the status and the ones that may', (action, status) => {
    const message = refusalOf(action, status);
    expect(message).toContain(`status ${status} cannot`);
    const may = /only one in (.+) can\.$/.exec(message)?.[1].split(', ');
    expect(may?.sort()).toEqual(PAYIN_STATUSES.filter((s) => from(action, s)).sort());
  });

  it('reads as a sentence', () =>
    expect(refusalOf('confirm', 'SUCCESS')).toBe(
      'A pay-in in status SUCCESS cannot be set to SUCCESS; only one in DISPUTE, DUPLICATE, PENDING, IMG_PENDING can.',
    ));
});

describe('PAYIN_VIEWS', () => {
  it('lists each status in exactly one of In Progress, Completed and Dropped, except DISPUTE and DUPLICATE', () => {
    const shown = [...PAYIN_VIEWS.progress, ...PAYIN_VIEWS.completed, ...PAYIN_VIEWS.dropped];
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown, 'DISPUTE', 'DUPLICATE'].sort()).toEqual([...PAYIN_STATUSES].sort());
  });

  it('shows DISPUTE and DUPLICATE only under All, which shows every status', () => {
    expect(PAYIN_VIEWS.all).toEqual(PAYIN_STATUSES);
    for (const status of ['DISPUTE', 'DUPLICATE'] as const) {
      const views = Object.entries(PAYIN_VIEWS).filter(([, statuses]) =>
        (statuses as readonly PayinStatus[]).includes(status),
      );
      expect(views.map(([name]) => name)).toEqual(['all']);
    }
  });

  it('matches the design: In Progress, Completed, Dropped', () => {
    expect(PAYIN_VIEWS.progress).toEqual(['INITIATED', 'ASSIGNED', 'PENDING', 'IMG_PENDING']);
    expect(PAYIN_VIEWS.completed).toEqual(['SUCCESS']);
    expect(PAYIN_VIEWS.dropped).toEqual(['DROPPED']);
  });
});

describe('UTRs', () => {
  it.each([
    ['123456 789012', '123456789012', true],
    [' 000000000001 ', '000000000001', true],
    ['1234 5678\t9012', '123456789012', true],
    ['12345678901', '12345678901', false],
    ['1234567890123', '1234567890123', false],
    ['12345678901a', '12345678901a', false],
    ['１２３４５６７８９０１２', '１２３４５６７８９０１２', false],
    ['', '', false],
  ])('%j normalises to %j (a UTR: %s)', (typed, normal, valid) => {
    expect(normaliseUtr(typed)).toBe(normal);
    expect(isUtr(normaliseUtr(typed))).toBe(valid);
  });

  it('keeps leading zeros: a UTR is a string', () => expect(normaliseUtr('000 000 000 042')).toBe('000000000042'));
});

describe('upiLink', () => {
  const link = (amountPaise: number, payeeName = 'Alpha Collections') =>
    new URL(upiLink({ upiId: 'alpha@hdfcbank', payeeName, amountPaise, shortCode: 'AB2C9' }));

  it.each([
    [50_000, '500.00'],
    [12_345, '123.45'],
    [100, '1.00'],
    [10_050, '100.50'],
    [1_00_000_00, '100000.00'],
  ])('%i paise is am=%s', (paise, am) => expect(link(paise).searchParams.get('am')).toBe(am));

  it('carries the payee, INR and the short code in tn; spaces as %20', () => {
    const text = upiLink({
      upiId: 'alpha@hdfcbank',
      payeeName: 'Alpha Collections',
      amountPaise: 100,
      shortCode: 'AB2C9',
    });
    expect(text.startsWith('upi://pay?')).toBe(true);
    expect(text).toContain('pn=Alpha%20Collections');
    expect(text).not.toContain('+');
    const params = link(100).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      pa: 'alpha@hdfcbank',
      pn: 'Alpha Collections',
      am: '1.00',
      cu: 'INR',
      tn: 'AB2C9',
    });
  });
});
