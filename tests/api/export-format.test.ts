import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { bankIdOf, createPayin, merchantKey, orderId, utrOf } from '../support/deposits';

/**
 * Issue 31, item 7: one format in every export, as the screens and the reports write it: times in
 * IST as dd/mm/yyyy hh:mm:ss, rupees with two decimals, the screens' column names.
 */
const demo = demoServerPerFile();

const TIME = /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/;
const RUPEES = /^-?\d+\.\d\d$/;

const exported = async (path: string) => {
  const res = await demo.s.call('GET', `/v1/${path}`, { token: demo.t.admin });
  expect(res.status).toBe(200);
  const [header, ...rows] = parse(String(res.body)) as string[][];
  expect(rows.length).toBeGreaterThan(0);
  const column = (name: string) => {
    const i = header.indexOf(name);
    expect(i, `${path} has ${name}: ${header.join(', ')}`).toBeGreaterThanOrEqual(0);
    return rows.map((r) => r[i]).filter((v) => v !== '');
  };
  return { header, column };
};

describe('list exports', () => {
  beforeAll(async () => {
    const key = await merchantKey(demo.s, 'BOLT');
    const payin = await createPayin(demo.s, key, { merchantOrderId: orderId(), customerId: 'c-x', amount: 1234.5 });
    expect(payin.status).toBe(201);
    const entry = await demo.s.call('POST', '/v1/bank-entries', {
      token: demo.t.operations,
      body: { bankAccountId: await bankIdOf(demo.s, 'ALPHA-HDFC-01'), utr: utrOf(77), amount: 99.9 },
    });
    expect(entry.status).toBe(201);
  });

  it("deposits: IST times, two-decimal rupees, the screen's names", async () => {
    const { header, column } = await exported('payins/export');
    expect(header).toEqual(expect.arrayContaining(['UTR · Submitted', 'UTR · Bank', 'Customer ID', 'Commission']));
    expect(header).not.toContain('User UTR');
    for (const v of column('Created At (IST)')) expect(v).toMatch(TIME);
    for (const v of [...column('Amount'), ...column('Confirmed'), ...column('Commission')]) expect(v).toMatch(RUPEES);
    expect(column('Amount')).toContain('1234.50');
  });

  it('bank entries and the audit log alike', async () => {
    const entries = await exported('bank-entries/export');
    for (const v of entries.column('Created At (IST)')) expect(v).toMatch(TIME);
    for (const v of entries.column('Amount')) expect(v).toMatch(RUPEES);
    expect(entries.column('Amount')).toContain('99.90');
    const audit = await exported('audit-events/export');
    for (const v of audit.column('At (IST)')) expect(v).toMatch(TIME);
  });
});
