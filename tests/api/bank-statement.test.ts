import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts } from '../../server/db/schema';
import { demoServerPerFile } from '../support/server';
import { bankIdOf, utrOf } from '../support/deposits';

/** Issue 29, item 7: a statement's bank account is checked as the single Add data checks it. */
const demo = demoServerPerFile();

const entryCount = async () =>
  (await demo.s.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM bank_entries`)).rows[0].n;

const upload = async (bankAccountId: string, csv: string) => {
  const form = new FormData();
  form.append('bankAccountId', bankAccountId);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
  const res = await fetch(`${demo.s.url}/v1/bank-entries/import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${demo.t.operations}` },
  });
  return { status: res.status, body: await res.json() };
};

const addOne = (bankAccountId: string) =>
  demo.s.call('POST', '/v1/bank-entries', {
    token: demo.t.operations,
    body: { bankAccountId, utr: utrOf(7), amount: 500 },
  });

const statement = () => `utr,amount,date,code\n${utrOf(8)},500,2026-11-20,\n${utrOf(8)},750.50,2026-11-21,\n`;

/** The answer as a person reads it: status, code, field and message. */
const said = (res: { status: number; body: { error?: { code: string; field?: string; message: string } } }) => ({
  status: res.status,
  code: res.body.error?.code,
  field: res.body.error?.field,
  message: res.body.error?.message,
});

describe('the statement import checks its bank account', () => {
  it('a pay-out account is 400 as for a single entry, and nothing is recorded', async () => {
    const payout = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const before = await entryCount();
    const imported = await upload(payout, statement());
    expect(said(imported)).toEqual(said(await addOne(payout)));
    expect(said(imported)).toMatchObject({ status: 400, message: 'bankAccountId must be a pay-in bank account' });
    expect(await entryCount()).toBe(before);
  });

  it('an unknown account is 400 as for a single entry (never 500), and nothing is recorded', async () => {
    const unknown = randomUUID();
    const before = await entryCount();
    const imported = await upload(unknown, statement());
    expect(said(imported)).toEqual(said(await addOne(unknown)));
    expect(said(imported)).toMatchObject({ status: 400, message: 'bankAccountId names no bank account' });
    expect(await entryCount()).toBe(before);
  });

  it('a disabled pay-in account takes its credits as a single entry does: they were seen at the bank', async () => {
    const bank = await bankIdOf(demo.s, 'BETA-AXIS-01');
    await demo.s.db.update(bankAccounts).set({ enabled: false }).where(eq(bankAccounts.id, bank));
    try {
      const before = await entryCount();
      expect((await addOne(bank)).status).toBe(201);
      const imported = await upload(bank, statement());
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.data).toEqual({ recorded: 2, matched: 0 });
      expect(await entryCount()).toBe(before + 3);
    } finally {
      await demo.s.db.update(bankAccounts).set({ enabled: true }).where(eq(bankAccounts.id, bank));
    }
  });
});
