import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankEntries, merchants, payins } from '../../server/db/schema';
import { dropExpired } from '../../server/services/payins/payin-expiry';
import { COUNT_CAP } from '../../server/services/payins/payins-list';
import { confirm, resetEntryByTwo } from '../support/roles';
import { demoServerPerFile, startServer } from '../support/server';
import {
  assignedBank,
  assignedPayin,
  bankIdOf,
  createPayin,
  ledgerHolds,
  merchantKey,
  orderId,
  utrOf,
} from '../support/deposits';

/** Issue 10: a deposit from the merchant's API call to the merchant's balance, through every rule. */
const demo = demoServerPerFile();
const addEntry = (body: Record<string, unknown>, token = demo.t.operations) =>
  demo.s.call('POST', '/v1/bank-entries', { token, body });
const submitUtr = (id: string, utr: string) => demo.s.call('POST', `/v1/pay/${id}/utr`, { body: { utr } });
const rowOf = async (id: string) => (await demo.s.db.select().from(payins).where(eq(payins.id, id)))[0];

describe('merchant API', () => {
  it('wants the key in X-Api-Key: missing or wrong is 401, a disabled merchant 403', async () => {
    const { s } = demo;
    const body = { merchantOrderId: orderId(), customerId: 'c1', amount: 500 };
    expect((await s.call('POST', '/v1/merchant-api/payins', { body })).status).toBe(401);
    const wrong = await createPayin(s, 'pg_live_wrong', body);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/not valid/);
    const key = await merchantKey(s, 'CRISP');
    await s.db.update(merchants).set({ enabled: false }).where(eq(merchants.code, 'CRISP'));
    const disabled = await createPayin(s, key, body);
    await s.db.update(merchants).set({ enabled: true }).where(eq(merchants.code, 'CRISP'));
    expect(disabled.status).toBe(403);
  });

  it('creates a pay-in once per merchant order id; another body for the same id is 409', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'ACME');
    const body = { merchantOrderId: orderId(), customerId: 'c1', amount: 1234.5 };
    const first = await createPayin(s, key, body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      merchantOrderId: body.merchantOrderId,
      status: 'INITIATED',
      amount: 1234.5,
    });
    expect(first.body.data.payUrl).toBe(`http://127.0.0.1/pay/${first.body.data.id}`);
    const again = await createPayin(s, key, body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await createPayin(s, key, { ...body, amount: 99 * 10 });
    expect(other.status).toBe(409);
    const status = await s.call('GET', `/v1/merchant-api/payins/${body.merchantOrderId}`, {
      headers: { 'x-api-key': key },
    });
    expect(status.body.data).toMatchObject({
      id: first.body.data.id,
      status: 'INITIATED',
      amount: 1234.5,
      confirmedAmount: null,
    });
    const boltKey = await merchantKey(s, 'BOLT');
    const foreign = await s.call('GET', `/v1/merchant-api/payins/${body.merchantOrderId}`, {
      headers: { 'x-api-key': boltKey },
    });
    expect(foreign.status).toBe(404);
  });

  it('replays an Idempotency-Key, refuses it for another body (422), and writes nothing on bad input', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'ACME');
    const body = { merchantOrderId: orderId(), customerId: 'c1', amount: 700 };
    const headers = { 'idempotency-key': `idem-${orderId()}` };
    const first = await createPayin(s, key, body, headers);
    const replay = await createPayin(s, key, body, headers);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.body).toEqual(first.body);
    expect((await createPayin(s, key, { ...body, merchantOrderId: orderId() }, headers)).status).toBe(422);
    const before = (await s.db.select({ n: sql<number>`count(*)::int` }).from(payins))[0].n;
    for (const amount of [10.005, -5, 0, 'ten', 50, 2_00_000]) {
      const res = await createPayin(s, key, { merchantOrderId: orderId(), customerId: 'c1', amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.message).toMatch(/amount/);
    }
    expect((await s.db.select({ n: sql<number>`count(*)::int` }).from(payins))[0].n).toBe(before);
  });

  it('refuses a merchant with no enabled pay-in account linked', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'ACME-KIDS');
    const kids = (await s.db.select().from(merchants).where(eq(merchants.code, 'ACME-KIDS')))[0];
    await s.db.execute(sql`DELETE FROM merchant_bank_accounts WHERE merchant_id = ${kids.id}`);
    const res = await createPayin(s, key, { merchantOrderId: orderId(), customerId: 'c1', amount: 500 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NO_PAYIN_ACCOUNT');
  });
});

describe('pay page and matching', () => {
  it('a submitted UTR waits as PENDING and the bank entry completes it: fee, journal, balance', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const created = await createPayin(s, key, { merchantOrderId: orderId(), customerId: 'c9' });
    const id = created.body.data.id;
    const page = await s.call('GET', `/v1/pay/${id}`);
    expect(page.body.data).toMatchObject({
      status: 'INITIATED',
      amountFixed: false,
      merchantName: 'Bolt Games',
      bank: null,
    });
    expect(JSON.stringify(page.body)).not.toMatch(/apiKey|merchantId|pg_live/);
    expect((await s.call('POST', `/v1/pay/${id}/assign`, { body: {} })).status).toBe(400);
    const assigned = await s.call('POST', `/v1/pay/${id}/assign`, { body: { amount: 1000 } });
    expect(assigned.body.data.status).toBe('ASSIGNED');
    expect(assigned.body.data.shortCode).toMatch(/^[A-Z2-9]{5}$/);
    expect(assigned.body.data.bank.upiLink).toContain(`tn=${assigned.body.data.shortCode}`);
    expect(assigned.body.data.bank.upiLink).toContain('am=1000.00');
    const utr = utrOf(1);
    expect((await submitUtr(id, '12345')).status).toBe(400);
    const pending = await submitUtr(id, `${utr.slice(0, 6)} ${utr.slice(6)}`);
    expect(pending.body.data.status).toBe('PENDING');
    const bank = await assignedBank(s, id);
    const added = await addEntry({ bankAccountId: bank, utr, amount: 1000 }, t.operations);
    expect(added.status).toBe(201);
    expect(added.body.data.matched).toEqual({ payinId: id, status: 'SUCCESS' });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'SUCCESS', confirmedAmount: 1000_00, fee: 25_00, utr });
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });
    const status = await s.call('GET', `/v1/merchant-api/payins/${created.body.data.merchantOrderId}`, {
      headers: { 'x-api-key': key },
    });
    expect(status.body.data).toMatchObject({ status: 'SUCCESS', confirmedAmount: 1000, fee: 25, utr });
    expect((await addEntry({ bankAccountId: bank, utr, amount: 1000 })).body.error).toEqual({
      message: 'Repeated',
      code: 'REPEATED',
    });
  });

  it('decides DISPUTE for another amount or bank, DUPLICATE for a used UTR, and matches by short code', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'BOLT');
    const a = await assignedPayin(s, key, 500);
    const bankA = await assignedBank(s, a.id);
    const utrA = utrOf(2);
    await addEntry({ bankAccountId: bankA, utr: utrA, amount: 450 });
    expect((await submitUtr(a.id, utrA)).body.data.status).toBe('DISPUTE');
    expect((await rowOf(a.id)).reason).toMatch(/₹450.00 received, ₹500.00 expected/);

    const b = await assignedPayin(s, key, 500);
    expect((await submitUtr(b.id, utrA)).body.data.status).toBe('DUPLICATE');

    const c = await assignedPayin(s, key, 500);
    const other =
      (await assignedBank(s, c.id)) === (await bankIdOf(s, 'BETA-AXIS-01')) ? 'ALPHA-ICICI-02' : 'BETA-AXIS-01';
    const utrC = utrOf(3);
    await addEntry({ bankAccountId: await bankIdOf(s, other), utr: utrC, amount: 500 });
    expect((await submitUtr(c.id, utrC)).body.data.status).toBe('DISPUTE');
    expect((await rowOf(c.id)).reason).toMatch(/instead of/);

    const d = await assignedPayin(s, key, 800);
    const added = await addEntry({
      bankAccountId: await assignedBank(s, d.id),
      utr: utrOf(4),
      amount: 800,
      amountCode: d.shortCode.toLowerCase(),
    });
    expect(added.body.data.matched).toEqual({ payinId: d.id, status: 'SUCCESS' });
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('a screenshot waits for staff, who enter its UTR; an unknown link is 404; expired links are dropped', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const p = await assignedPayin(s, key, 300);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'shot.png');
    const sent = await fetch(`${s.url}/v1/pay/${p.id}/screenshot`, { method: 'POST', body: form });
    expect(sent.status).toBe(200);
    expect((await sent.json()).data.status).toBe('IMG_PENDING');
    const text = new FormData();
    text.append('file', new Blob(['not an image'], { type: 'image/png' }), 'x.png');
    const p2 = await assignedPayin(s, key, 300);
    const refused = await fetch(`${s.url}/v1/pay/${p2.id}/screenshot`, { method: 'POST', body: text });
    expect(refused.status).toBe(400);
    const shot = await fetch(`${s.url}/v1/payins/${p.id}/screenshot`, {
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect((await s.call('GET', `/v1/payins/${p.id}/screenshot`, { token: t.merchant })).status).toBe(403);
    const utr = utrOf(5);
    await addEntry({ bankAccountId: await assignedBank(s, p.id), utr, amount: 300 });
    const entered = await s.call('POST', `/v1/payins/${p.id}/utr`, { token: t.transactions, body: { utr } });
    expect(entered.body.data.status).toBe('SUCCESS');

    expect((await s.call('GET', '/v1/pay/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const late = await assignedPayin(s, key, 300);
    await s.db
      .update(payins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payins.id, late.id));
    expect((await submitUtr(late.id, utrOf(6))).body.error.code).toBe('EXPIRED');
    expect(await dropExpired(s.db)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(late.id)).status).toBe('DROPPED');
  });
});

describe('staff corrections', () => {
  it('confirms a DISPUTE with the password, reopens a DROPPED pay-in, and resets an entry with a reversing journal', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const p = await assignedPayin(s, key, 500);
    const utr = utrOf(7);
    await addEntry({ bankAccountId: await assignedBank(s, p.id), utr, amount: 480 });
    await submitUtr(p.id, utr);
    const confirmUrl = `/v1/payins/${p.id}/confirm`;
    expect((await s.call('POST', confirmUrl, { token: t.admin, body: { confirmedAmount: 480 } })).status).toBe(403);
    expect((await s.call('POST', confirmUrl, { token: t.merchant, body: { confirmedAmount: 480 } })).status).toBe(403);
    const confirmWith = async (confirmedAmount: number, headers?: Record<string, string>) =>
      s.call('POST', confirmUrl, {
        token: t.admin,
        headers: headers ?? (await confirm(s, t.admin, 'payin.confirm')),
        body: { confirmedAmount },
      });
    expect((await confirmWith(480.001)).status).toBe(400);
    const headers = await confirm(s, t.admin, 'payin.confirm');
    const done = await confirmWith(480, headers);
    expect(done.body.data).toMatchObject({ status: 'SUCCESS', confirmedAmount: 480, fee: 12 });
    // A confirmation serves one request: the same one again is refused before the pay-in is looked at.
    expect((await confirmWith(480, headers)).body.error.code).toBe('CONFIRMATION_REQUIRED');
    expect((await confirmWith(480)).status).toBe(409);
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });

    const [entry] = await s.db.select().from(bankEntries).where(eq(bankEntries.utr, utr));
    const resetUrl = `/v1/bank-entries/${entry.id}/reset`;
    expect((await s.call('POST', resetUrl, { token: t.operations })).status).toBe(403);
    const reset = await resetEntryByTwo(s, t, entry.id);
    expect(reset.body.data).toMatchObject({ used: false, payinId: null });
    expect((await rowOf(p.id)).status).toBe('PENDING');
    const journals = await s.db.execute<{ kind: string; reverses_id: number | null }>(
      sql`SELECT kind, reverses_id FROM ledger_journals WHERE entity_id = ${p.id} ORDER BY id`,
    );
    expect(journals.rows.map((j) => j.kind)).toEqual(['payin.success', 'payin.reversal']);
    expect(journals.rows[1].reverses_id).not.toBeNull();
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });

    const dropped = await assignedPayin(s, key, 500);
    await s.db
      .update(payins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payins.id, dropped.id));
    await dropExpired(s.db);
    const reopened = await s.call('POST', `/v1/payins/${dropped.id}/reopen`, { token: t.operations });
    expect(reopened.body.data).toMatchObject({ status: 'INITIATED', bankAccountId: null });
    expect((await s.call('POST', `/v1/payins/${dropped.id}/reopen`, { token: t.operations })).status).toBe(409);
  });

  it('the database refuses to change a ledger entry', async () => {
    await expect(demo.s.db.execute(sql`UPDATE ledger_entries SET amount = amount + 1`)).rejects.toThrow();
  });
});

describe('lists and scope', () => {
  it('merchants see only their pay-ins; vendors see those on their banks without merchant fields', async () => {
    const { s, t } = demo;
    const mine = await s.call('GET', '/v1/payins?pageSize=100', { token: t.merchant });
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((p: { merchantCode: string }) => p.merchantCode === 'BOLT')).toBe(true);
    const foreign = await s.call('GET', '/v1/payins?merchantCode=ACME', { token: t.merchant });
    expect(foreign.body.data).toEqual([]);
    const vendor = await s.call('GET', '/v1/payins?pageSize=100', { token: t.vendor });
    expect(vendor.status).toBe(200);
    const [{ n: onAlpha }] = (
      await s.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payins p
        JOIN bank_accounts b ON b.id = p.bank_account_id JOIN vendors v ON v.id = b.vendor_id WHERE v.code = 'VEN-ALPHA'`)
    ).rows;
    expect(onAlpha).toBeGreaterThan(0);
    expect(vendor.body.total).toBe(Math.min(onAlpha, 1000));
    for (const row of vendor.body.data) {
      expect(row).not.toHaveProperty('merchantCode');
      expect(row).not.toHaveProperty('fee');
    }
    const staff = await s.call('GET', '/v1/payins?status=SUCCESS&source=Manual', { token: t.admin });
    expect(staff.body.data.length).toBeGreaterThan(0);
    const detail = await s.call('GET', `/v1/payins/${staff.body.data[0].id}`, { token: t.admin });
    expect(detail.body.data.timeline.map((e: { action: string }) => e.action)).toContain('create');
    expect(detail.body.data.journal.length).toBeGreaterThan(0);
    const csv = await fetch(`${s.url}/v1/payins/export?status=SUCCESS`, {
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect((await csv.text()).split('\n')[0]).toContain('Merchant Order ID');
  });

  it("finds a pay-in by the code its customer quotes, in any case, within the caller's scope", async () => {
    const { s, t } = demo;
    const onAlpha = sql`EXISTS (SELECT 1 FROM bank_accounts b JOIN vendors v ON v.id = b.vendor_id
      WHERE b.id = p.bank_account_id AND v.code = 'VEN-ALPHA')`;
    const pick = async (where: ReturnType<typeof sql>) =>
      (
        await s.db.execute<{ id: string; code: string }>(sql`SELECT p.id, p.short_code AS code FROM payins p
        WHERE p.status = 'SUCCESS' AND ${where} ORDER BY p.created_at DESC LIMIT 1`)
      ).rows[0];
    const [alpha, elsewhere] = [await pick(onAlpha), await pick(sql`NOT ${onAlpha}`)];
    const find = (token: string, code: string) => s.call('GET', `/v1/payins?shortCode=${code}`, { token });
    for (const token of [t.operations, t.transactions, t.vendor]) {
      const found = await find(token, ` ${alpha.code.toLowerCase()}`);
      expect(found.status).toBe(200);
      expect(found.body.data.map((p: { id: string }) => p.id)).toContain(alpha.id);
      expect(found.body.data.every((p: { shortCode: string }) => p.shortCode === alpha.code)).toBe(true);
    }
    // VEN-ALPHA's user never finds a pay-in on another vendor's account, whatever the code.
    const ids = async (token: string) => (await find(token, elsewhere.code)).body.data.map((p: { id: string }) => p.id);
    expect(await ids(t.vendor)).not.toContain(elsewhere.id);
    expect(await ids(t.operations)).toContain(elsewhere.id);
  });

  it("a pay-in is its account's vendor's, kept by the database: when the account moves, its pay-ins move", async () => {
    const { s, t } = demo;
    const count = async (token: string, list = 'payins') =>
      (await s.call('GET', `/v1/${list}?pageSize=10`, { token })).body.total as number;
    const [account] = (
      await s.db.execute<{ id: string; n: number }>(sql`SELECT p.bank_account_id AS id, count(*)::int AS n FROM payins p
        JOIN bank_accounts b ON b.id = p.bank_account_id JOIN vendors v ON v.id = b.vendor_id
        WHERE v.code = 'VEN-ALPHA' GROUP BY 1 ORDER BY 2 LIMIT 1`)
    ).rows;
    const alphaBefore = await count(t.vendor);
    const entriesBefore = await count(t.vendor, 'bank-entries');
    const [{ entries }] = (
      await s.db.execute<{ entries: number }>(
        sql`SELECT count(*)::int AS entries FROM bank_entries WHERE bank_account_id = ${account.id}`,
      )
    ).rows;
    // A wrong vendor written straight into the row is put right by the database.
    await s.db.execute(sql`UPDATE payins SET vendor_code = 'VEN-BETA' WHERE bank_account_id = ${account.id}`);
    expect(await count(t.vendor)).toBe(alphaBefore);
    const moveTo = (code: string) =>
      s.db.execute(
        sql`UPDATE bank_accounts SET vendor_id = (SELECT id FROM vendors WHERE code = ${code}) WHERE id = ${account.id}`,
      );
    await moveTo('VEN-BETA');
    try {
      expect(await count(t.vendor)).toBe(alphaBefore - Math.min(account.n, alphaBefore));
      // Its bank credits go with it.
      expect(await count(t.vendor, 'bank-entries')).toBe(entriesBefore - entries);
      const [{ n }] = (
        await s.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM payins WHERE bank_account_id = ${account.id} AND vendor_code = 'VEN-BETA'`,
        )
      ).rows;
      expect(n).toBe(account.n);
    } finally {
      await moveTo('VEN-ALPHA');
    }
    expect(await count(t.vendor)).toBe(alphaBefore);
    expect(await count(t.vendor, 'bank-entries')).toBe(entriesBefore);
  });
});

describe('counting a long list', () => {
  it(`stops at ${COUNT_CAP} rows and says so; a shorter list gets its exact total`, async () => {
    const { s, t } = demo;
    const [acme] = await s.db.select().from(merchants).where(eq(merchants.code, 'ACME'));
    // DROPPED pay-ins of one customer, made straight in the table: the list only counts them.
    await s.db.execute(sql`INSERT INTO payins (merchant_id, merchant_code, merchant_order_id, customer_id, amount,
        status, reason, short_code, expires_at)
      SELECT ${acme.id}, 'ACME', 'cap-' || g, 'cap-customer', 50000, 'DROPPED', 'Link expired', 'C' || g, now()
      FROM generate_series(1, ${COUNT_CAP + 1}) AS g`);
    const capped = await s.call('GET', '/v1/payins?customerId=cap-customer&pageSize=25', { token: t.admin });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.body.data).toHaveLength(25);
    await s.db.execute(sql`DELETE FROM payins WHERE merchant_order_id = 'cap-1'`);
    const exact = await s.call('GET', '/v1/payins?customerId=cap-customer&pageSize=25', { token: t.admin });
    expect(exact.body.total).toBe(COUNT_CAP);
    expect(exact.body).not.toHaveProperty('totalCapped');
    // The total rides on the page's rows; a page past the end has none and is counted alone.
    const past = await s.call('GET', '/v1/payins?customerId=cap-customer&pageSize=25&page=41', { token: t.admin });
    expect(past.body).toMatchObject({ data: [], total: COUNT_CAP });
    const last = await s.call('GET', '/v1/payins?customerId=cap-customer&pageSize=25&page=40', { token: t.admin });
    expect(last.body.data).toHaveLength(25);
    expect(last.body.total).toBe(COUNT_CAP);
    const none = await s.call('GET', '/v1/payins?customerId=nobody-at-all&pageSize=25', { token: t.admin });
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });
});

describe('the API document', () => {
  it('lists the merchant API with its key header and examples', async () => {
    const doc = (await demo.s.call('GET', '/v1/docs')).body;
    const create = doc.paths['/v1/merchant-api/payins'].post;
    expect(create.security).toEqual([{ apiKey: [] }]);
    expect(JSON.stringify(create.requestBody)).toContain('order-1001');
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.paths['/v1/merchant-api/payins/{merchantOrderId}'].get).toBeDefined();
  });
});

describe('test pay-ins and limits', () => {
  it('a test pay-in runs the whole flow but never touches a balance, and says it is a test', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'BOLT');
    const created = await createPayin(s, key, {
      merchantOrderId: orderId(),
      customerId: 'c1',
      amount: 600,
      test: true,
    });
    const id = created.body.data.id;
    const page = await s.call('POST', `/v1/pay/${id}/assign`, { body: {} });
    expect(page.body.data.test).toBe(true);
    const utr = utrOf(8);
    await addEntry({ bankAccountId: await assignedBank(s, id), utr, amount: 600 });
    expect((await submitUtr(id, utr)).body.data.status).toBe('SUCCESS');
    const journals = await s.db.execute(sql`SELECT 1 FROM ledger_journals WHERE entity_id = ${id}`);
    expect(journals.rows).toEqual([]);
    const listed = await s.call('GET', `/v1/payins?merchantOrderId=${created.body.data.merchantOrderId}`, {
      token: demo.t.admin,
    });
    expect(listed.body.data[0]).toMatchObject({ test: true, status: 'SUCCESS' });
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('limits the merchant API per key and the pay page per address', async () => {
    const s = await startServer({ merchantApiRateLimitPerMinute: 3, payPageRateLimitPerMinute: 3 });
    try {
      const bolt = await merchantKey(s, 'BOLT');
      const crisp = await merchantKey(s, 'CRISP');
      const ask = (key: string) => s.call('GET', '/v1/merchant-api/payins/none', { headers: { 'x-api-key': key } });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await ask(bolt)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect((await ask(crisp)).status).toBe(404);
      const page = [];
      for (let i = 0; i < 4; i += 1)
        page.push((await s.call('GET', '/v1/pay/00000000-0000-4000-8000-000000000000')).status);
      expect(page).toEqual([404, 404, 404, 429]);
    } finally {
      await s.close();
    }
  });
});

describe('payment links from the dashboard', () => {
  it('are made for a merchant by staff, without the key, and name unknown merchants 404', async () => {
    const { s, t } = demo;
    const made = await s.call('POST', '/v1/payins/links', {
      token: t.operations,
      body: { merchantCode: 'BOLT', customerId: 'walk-in', amount: 250 },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'INITIATED', amount: 250 });
    expect(made.body.data.merchantOrderId).toMatch(/^link-/);
    expect(made.body.data.payUrl).toBe(`http://127.0.0.1/pay/${made.body.data.id}`);
    expect(JSON.stringify(made.body)).not.toMatch(/pg_|apiKey/);
    const unknown = await s.call('POST', '/v1/payins/links', {
      token: t.operations,
      body: { merchantCode: 'NOPE', customerId: 'walk-in' },
    });
    expect(unknown.status).toBe(404);
  });
});
