import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import {
  REQUIRED_BY_METHOD,
  SETTLEMENT_METHODS,
  SETTLEMENT_REFERENCE_FORMAT,
  SETTLEMENT_STATUSES,
  SETTLEMENT_TRANSITIONS,
  VENDOR_SETTLEMENT_METHODS,
  VENDOR_SETTLEMENT_TRANSITIONS,
  WALLET_ADDRESS_FORMAT,
  WALLET_FORMAT,
  canMoveSettlement,
  isInternalTransfer,
  missingDestination,
  needsUtr,
  settlementRefusalOf,
  transitionOf,
  vendorPosition,
  type Destination,
  type SettlementAction,
  type SettlementStatus,
  type SettlementTransition,
  type VendorSettlementMethod,
} from './settlement';

/**
 * Both transition tables written out by hand: a change to either must change this test. Each row:
 * the statuses it starts from (x), where it ends, who may, whether it asks the password again.
 */
const TABLE = `
           INITIATED SUCCESS DROPPED REJECTED  ->         by                  confirm
approve    x         .       .       .         SUCCESS    ADMIN,TRANSACTIONS  no
reject     x         .       .       .         REJECTED   ADMIN,TRANSACTIONS  no
reset      .         x       .       x         INITIATED  ADMIN               yes
`;
const [header, ...lines] = TABLE.trim().split('\n');
if (header.trim().split(/\s+/).slice(0, 4).join(' ') !== SETTLEMENT_STATUSES.join(' ')) throw new Error('table header');
const ROWS = new Map(
  lines.map((line) => {
    const [action, ...cells] = line.trim().split(/\s+/);
    const [to, by, confirm] = cells.slice(4);
    return [
      action as SettlementAction,
      {
        from: SETTLEMENT_STATUSES.filter((_, i) => cells[i] === 'x'),
        to: to as SettlementStatus,
        by: by.split(',') as Role[],
        confirm: confirm === 'yes',
      },
    ];
  }),
);
const ACTIONS = [...ROWS.keys()];

const TABLES: [string, readonly SettlementTransition[], Record<SettlementAction, SettlementTransition['money']>][] = [
  [
    'SETTLEMENT_TRANSITIONS',
    SETTLEMENT_TRANSITIONS,
    { approve: 'post the hold', reject: 'release the hold', reset: 'reverse and hold again' },
  ],
  [
    'VENDOR_SETTLEMENT_TRANSITIONS',
    VENDOR_SETTLEMENT_TRANSITIONS,
    { approve: 'post', reject: 'nothing', reset: 'reverse if posted' },
  ],
];

describe.each(TABLES)('%s', (_name, table, money) => {
  it('has one row per action, exactly those written out here', () =>
    expect(table.map((t) => t.action).sort()).toEqual([...ACTIONS].sort()));

  it.each(ACTIONS.flatMap((action) => SETTLEMENT_STATUSES.map((status) => [action, status] as const)))(
    '%s from %s',
    (action, status) => {
      const row = ROWS.get(action)!;
      expect(canMoveSettlement(table, action, status)).toBe(row.from.includes(status));
      expect(transitionOf(table, action).to).toBe(row.to);
    },
  );

  it.each(ACTIONS.flatMap((action) => ROLES.map((role) => [action, role] as const)))('%s by %s', (action, role) =>
    expect(transitionOf(table, action).by.includes(role)).toBe(ROWS.get(action)!.by.includes(role)),
  );

  it.each(ACTIONS)('%s asks the password again only where the table says', (action) =>
    expect(transitionOf(table, action).confirm === true).toBe(ROWS.get(action)!.confirm),
  );

  it('moves money as its table says', () =>
    expect(Object.fromEntries(table.map((t) => [t.action, t.money]))).toEqual(money));

  it('refuses in a sentence naming the statuses that may', () => {
    expect(settlementRefusalOf(table, 'approve', 'SUCCESS')).toBe(
      'A settlement in status SUCCESS cannot be approved; only one in INITIATED can.',
    );
    expect(settlementRefusalOf(table, 'reject', 'DROPPED')).toBe(
      'A settlement in status DROPPED cannot be rejected; only one in INITIATED can.',
    );
    expect(settlementRefusalOf(table, 'reset', 'INITIATED')).toBe(
      'A settlement in status INITIATED cannot be reset; only one in SUCCESS or REJECTED can.',
    );
  });

  it('has no row for an unknown action', () =>
    expect(() => transitionOf(table, 'drop' as SettlementAction)).toThrow('no transition for drop'));
});

const BANK: Destination = { accountHolder: 'Acme Pvt Ltd', accountNumber: '001234567890', ifsc: 'HDFC0001234' };
const WALLET: Destination = { wallet: 'USDT TRC20', walletAddress: 'TQ1234567890abcdefXYZ' };

describe('missingDestination', () => {
  // prettier-ignore
  it.each<[VendorSettlementMethod, Destination, keyof Destination | null]>([
    // method                    destination                                   first missing
    ['BANK',                     BANK,                                          null],
    ['BANK',                     {},                                            'accountHolder'],
    ['BANK',                     { ...BANK, accountHolder: '   ' },             'accountHolder'],
    ['BANK',                     { ...BANK, accountNumber: null },              'accountNumber'],
    ['BANK',                     { ...BANK, ifsc: '' },                         'ifsc'],
    ['BANK',                     WALLET,                                        'accountHolder'],
    ['CASH',                     {},                                            null],
    ['AED',                      {},                                            null],
    ['CRYPTO',                   WALLET,                                        null],
    ['CRYPTO',                   {},                                            'wallet'],
    ['CRYPTO',                   { ...WALLET, walletAddress: ' ' },             'walletAddress'],
    ['CRYPTO',                   BANK,                                          'wallet'],
    ['INTERNAL_BANK_TRANSFER',   BANK,                                          null],
    ['INTERNAL_BANK_TRANSFER',   { ...BANK, ifsc: undefined },                  'ifsc'],
    ['INTERNAL_QR_TRANSFER',     {},                                            null],
  ])('%s with %o misses %s', (method, destination, missing) =>
    expect(missingDestination(method, destination)).toBe(missing),
  );

  it('knows every method', () =>
    expect(Object.keys(REQUIRED_BY_METHOD).sort()).toEqual([...VENDOR_SETTLEMENT_METHODS].sort()));
});

describe('methods', () => {
  // prettier-ignore
  it.each<[VendorSettlementMethod, boolean, boolean]>([
    // method                   internal  needs a UTR
    ['BANK',                    false,    true],
    ['CASH',                    false,    false],
    ['AED',                     false,    false],
    ['CRYPTO',                  false,    false],
    ['INTERNAL_BANK_TRANSFER',  true,     true],
    ['INTERNAL_QR_TRANSFER',    true,     true],
  ])('%s: internal %s, needs a UTR %s', (method, internal, utr) => {
    expect(isInternalTransfer(method)).toBe(internal);
    expect(needsUtr(method)).toBe(utr);
  });

  it('a vendor settles every way a merchant does, and by the internal transfers', () => {
    expect(VENDOR_SETTLEMENT_METHODS.slice(0, SETTLEMENT_METHODS.length)).toEqual([...SETTLEMENT_METHODS]);
    expect(VENDOR_SETTLEMENT_METHODS).toHaveLength(SETTLEMENT_METHODS.length + 2);
  });
});

describe('vendorPosition', () => {
  it.each([
    [1, 'vendor owes the gateway'],
    [5000_00, 'vendor owes the gateway'],
    [0, 'settled'],
    [-1, 'gateway owes the vendor'],
    [-5000_00, 'gateway owes the vendor'],
  ] as const)('a balance of %i paise: %s', (balance, position) => expect(vendorPosition(balance)).toBe(position));
});

describe('formats', () => {
  const FORMATS = { wallet: WALLET_FORMAT, address: WALLET_ADDRESS_FORMAT, reference: SETTLEMENT_REFERENCE_FORMAT };
  it.each<[keyof typeof FORMATS, string, boolean]>([
    ['wallet', 'USDT TRC20', true],
    ['wallet', 'Binance.US_2', true],
    ['wallet', 'B', false],
    ['wallet', ' leading', false],
    ['wallet', 'x'.repeat(51), false],
    ['address', 'TQ1234567890abcdefXYZ', true],
    ['address', 'bc1:abc_def-123', true],
    ['address', 'short', false],
    ['address', 'has space in it', false],
    ['address', 'a'.repeat(129), false],
    ['reference', 'RCPT/2024-001', true],
    ['reference', '0x12ab:cd', true],
    ['reference', '-starts with a dash', false],
    ['reference', 'semi;colon', false],
  ])('%s %j: %s', (format, value, ok) => expect(FORMATS[format].pattern.test(value)).toBe(ok));
});
