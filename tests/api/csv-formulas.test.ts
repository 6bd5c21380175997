import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, bankAccounts, merchants, users, vendors } from '../../server/db/schema';
import { demoServerPerFile } from '../support/server';

/*
 * A cell that a spreadsheet would run (starting with =, +, -, @, tab or carriage return) is
 * exported with a leading apostrophe, in every export: names come from merchants, vendors, users
 * and the anonymous on-boarding form, and the money exports will carry merchants' order ids.
 */
const demo = demoServerPerFile();

// The form trims names, so a leading tab or carriage return reaches the export only from stored data (below).
const FORMULAS = ['=HYPERLINK(1)', '+SUM(1)', '-2+3', '@cmd'] as const;

/** The export as text, and the raw formula nowhere at the start of a cell. */
const exported = async (path: string) => {
  const res = await demo.s.call('GET', path, { token: demo.t.admin });
  expect(res.status).toBe(200);
  return res.body as string;
};

const expectNeutralised = (csv: string, formula: string) => {
  expect(csv).toContain(`'${formula}`);
  const cellStart = new RegExp(`(^|,|\\n)"?${formula.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  expect(csv).not.toMatch(cellStart);
};

describe('exports neutralise spreadsheet formulas', () => {
  it('merchant applications: a name sent by anyone through the on-boarding form', async () => {
    for (const formula of FORMULAS) {
      const res = await demo.s.call('POST', '/v1/on-boarding', {
        body: {
          businessName: `${formula} Traders`,
          contactName: 'Ravi Kumar',
          email: 'ravi@shop.example',
          phone: '9876543210',
          website: 'https://shop.example',
          expectedMonthlyVolume: 100000,
        },
      });
      expect(res.status).toBe(201);
    }
    const csv = await exported('/v1/merchant-applications/export');
    for (const formula of FORMULAS) expectNeutralised(csv, `${formula} Traders`);
  });

  it('merchants: a sub-merchant named by its merchant admin', async () => {
    await demo.s.db.update(merchants).set({ name: '=HYPERLINK(1)' }).where(eq(merchants.code, 'ACME-KIDS'));
    expectNeutralised(await exported('/v1/merchants/export'), '=HYPERLINK(1)');
  });

  it('vendors', async () => {
    await demo.s.db.update(vendors).set({ name: '+SUM(1)' }).where(eq(vendors.code, 'VEN-BETA'));
    expectNeutralised(await exported('/v1/vendors/export'), '+SUM(1)');
  });

  it('bank accounts: the holder name', async () => {
    const [account] = await demo.s.db.select({ id: bankAccounts.id }).from(bankAccounts).limit(1);
    await demo.s.db.update(bankAccounts).set({ holderName: '@cmd' }).where(eq(bankAccounts.id, account.id));
    expectNeutralised(await exported('/v1/bank-accounts/export'), '@cmd');
  });

  it('users: a full name, also one starting with a tab or a carriage return', async () => {
    await demo.s.db.update(users).set({ fullName: '-2+3' }).where(eq(users.userName, 'merchant'));
    await demo.s.db.update(users).set({ fullName: '\tTAB' }).where(eq(users.userName, 'operations'));
    await demo.s.db.update(users).set({ fullName: '\rCR' }).where(eq(users.userName, 'transactions'));
    const csv = await exported('/v1/users/export');
    for (const name of ['-2+3', '\tTAB', '\rCR']) expectNeutralised(csv, name);
  });

  it('the audit log', async () => {
    await demo.s.db.update(auditEvents).set({ actorName: '=1+1' });
    expectNeutralised(await exported('/v1/audit-events/export'), '=1+1');
  });

  it('leaves numbers and ordinary text alone', async () => {
    const csv = await exported('/v1/merchants/export');
    expect(csv).toContain('BOLT');
    expect(csv).not.toMatch(/'\d/);
  });
});
