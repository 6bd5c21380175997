import { describe, expect, it } from 'vitest';
import {
  changedStaffOnlyFields,
  MERCHANT_FORMATS,
  recordsSuspension,
  setsMerchantControls,
  STAFF_ONLY_MERCHANT_FIELDS,
  STAFF_SUSPENSION,
  staffOnlyMessage,
  suspendedByStaff,
  TOP_LEVEL_TOGGLE_IS_STAFF_ONLY,
  toggleRefusal,
  type StaffOnlyMerchantField,
} from './merchant';
import { ROLES, type Role } from './roles';
import { belongsToMerchants } from './scope';

describe('merchant formats', () => {
  it.each(['ACME', 'acme-kids', 'M_1', 'A1'])('accepts the code %s', (code) =>
    expect(MERCHANT_FORMATS.code.pattern.test(code)).toBe(true),
  );
  it.each(['A', '-AB', 'A B', 'X'.repeat(31)])('refuses the code %s', (code) =>
    expect(MERCHANT_FORMATS.code.pattern.test(code)).toBe(false),
  );
  it.each(['https://acme.example', 'http://localhost:3000/cb'])('accepts the address %s', (url) =>
    expect(MERCHANT_FORMATS.webAddress.pattern.test(url)).toBe(true),
  );
  it.each(['acme.example', 'ftp://acme.example', 'https://', 'https://a b'])('refuses the address %s', (url) =>
    expect(MERCHANT_FORMATS.webAddress.pattern.test(url)).toBe(false),
  );
});

describe("the gateway's controls on a merchant", () => {
  const current = {
    minPayin: 100,
    maxPayin: 100000,
    payinFeePercent: 2.5,
    minPayout: 500,
    maxPayout: 200000,
    payoutFeePercent: 1.5,
    testMode: false,
    disputesAllowed: true,
  };

  it.each(ROLES.map((role) => [role, !belongsToMerchants(role)] as const))('%s sets them: %s', (role, sets) =>
    expect(setsMerchantControls(role)).toBe(sets),
  );

  it.each(Object.keys(STAFF_ONLY_MERCHANT_FIELDS) as StaffOnlyMerchantField[])(
    'finds a change of %s, and names it',
    (field) => {
      const changed = typeof current[field] === 'boolean' ? !current[field] : Number(current[field]) + 1;
      expect(changedStaffOnlyFields({ ...current, [field]: changed }, current)).toEqual([field]);
      expect(staffOnlyMessage([field])).toBe(
        `${STAFF_ONLY_MERCHANT_FIELDS[field]} is set by the gateway: only its staff can change it.`,
      );
    },
  );

  it('takes values sent back unchanged, or not sent, as no change', () => {
    expect(changedStaffOnlyFields(current, current)).toEqual([]);
    expect(changedStaffOnlyFields({ minPayin: 100, testMode: undefined }, current)).toEqual([]);
    expect(staffOnlyMessage(['minPayin', 'maxPayin', 'testMode'])).toBe(
      'Min Payin, Max Payin and Test Mode are set by the gateway: only its staff can change them.',
    );
  });
});

describe('enabling and disabling merchants', () => {
  const sub = (enabled: boolean, suspendedByRole: Role | null = null) => {
    const suspension = { enabled, suspendedByRole };
    return { parentId: 'p', ...suspension, suspendedByStaff: suspendedByStaff(suspension) };
  };
  const top = { parentId: null, enabled: true, suspendedByRole: null, suspendedByStaff: false };

  it('lets staff enable or disable any merchant, whoever suspended it', () => {
    for (const merchant of [top, sub(false), sub(false, 'ADMIN'), sub(false, 'MERCHANT_ADMIN')])
      for (const enabled of [true, false]) expect(toggleRefusal('ADMIN', merchant, enabled)).toBeUndefined();
  });

  it('lets a merchant admin enable or disable sub-merchants only, and never lift a staff suspension', () => {
    expect(toggleRefusal('MERCHANT_ADMIN', top, false)).toBe(TOP_LEVEL_TOGGLE_IS_STAFF_ONLY);
    expect(toggleRefusal('MERCHANT_ADMIN', { ...top, suspendedByStaff: true }, true)).toBe(
      TOP_LEVEL_TOGGLE_IS_STAFF_ONLY,
    );
    expect(toggleRefusal('MERCHANT_ADMIN', sub(true), false)).toBeUndefined();
    expect(toggleRefusal('MERCHANT_ADMIN', sub(false, 'MERCHANT_ADMIN'), true)).toBeUndefined();
    expect(toggleRefusal('MERCHANT_ADMIN', sub(false, 'ADMIN'), true)).toBe(STAFF_SUSPENSION);
    expect(toggleRefusal('MERCHANT_ADMIN', sub(false, 'OPERATIONS'), true)).toBe(STAFF_SUSPENSION);
    // Disabled before who suspended was recorded: staff's, to be safe.
    expect(toggleRefusal('MERCHANT_ADMIN', sub(false, null), true)).toBe(STAFF_SUSPENSION);
  });

  it('keeps a staff suspension when a merchant role disables again; staff take over a merchant role’s', () => {
    expect(suspendedByStaff(sub(true))).toBe(false);
    expect(recordsSuspension('MERCHANT_ADMIN', sub(true))).toBe(true);
    expect(recordsSuspension('MERCHANT_ADMIN', sub(false, 'ADMIN'))).toBe(false);
    expect(recordsSuspension('MERCHANT_ADMIN', sub(false, 'MERCHANT_ADMIN'))).toBe(false);
    expect(recordsSuspension('ADMIN', sub(false, 'MERCHANT_ADMIN'))).toBe(true);
    expect(recordsSuspension('ADMIN', sub(false, 'ADMIN'))).toBe(false);
  });
});
