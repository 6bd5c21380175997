import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { assignedPayin, bankIdOf, merchantKey, utrOf } from '../support/deposits';
import type { DemoUser } from '../support/roles';

/**
 * Issue 13, item 4: the Payins, Vendor Payins, Payouts and Vendor Payouts reports, as JSON pages
 * and as CSV. Each case moves its rows to IST days of its own (far from today) and reads those days.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const { fundEntry, newPayout, act } = payoutKit(demo);

const run = (query: ReturnType<typeof sql>) => demo.s.db.execute(query);
/** Moves a row to an instant given in IST ('2031-01-10 23:59:59'), and its completion too when given. */
const placeAt = (table: 'payins' | 'payouts' | 'bank_entries', id: string, created: string, completed?: string) =>
  run(sql`UPDATE ${sql.raw(table)} SET created_at = ${`${created}+05:30`}::timestamptz
    ${completed ? sql`, completed_at = ${`${completed}+05:30`}::timestamptz` : sql``} WHERE id = ${id}`);
const columnOf = async (table: string, column: string, id: string) =>
  (await run(sql`SELECT ${sql.raw(column)} AS v FROM ${sql.raw(table)} WHERE id = ${id}`)).rows[0].v as string;

const get = (path: string, user: DemoUser = 'admin') => demo.s.call('GET', path, { token: demo.t[user] });
const list = async (report: string, query: string, user: DemoUser = 'admin') => {
  const res = await get(`/v1/reports/${report}?pageSize=100&${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, unknown>[]; total: number };
};
const ids = async (report: string, query: string, user: DemoUser = 'admin') =>
  (await list(report, query, user)).data.map((r) => r.id as string).sort();
const csv = async (report: string, query: string, user: DemoUser = 'admin') => {
  const res = await get(`/v1/reports/${report}/export?${query}`, user);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  const text = String(res.body);
  return { header: text.split('\n')[0], rows: (parse(text, { from_line: 2 }) as string[][]) ?? [] };
};
const sorted = (...values: string[]) => [...values].sort();

/** Pay-ins of a merchant, assigned a bank account by their customers (ASSIGNED). */
const payinsOf = async (code: string, count = 1, amount = 500) => {
  const key = await merchantKey(demo.s, code);
  const made: string[] = [];
  for (let i = 0; i < count; i += 1) made.push((await assignedPayin(demo.s, key, amount)).id);
  return made;
};

const PAYIN_HEADER =
  'ID,Short Code,Fee,Requested Amount,UTR,Received Amount,Status,Bank,Merchant,Customer,Merchant Order Id,Initiated At (IST),Confirmed At (IST)';

describe('Payins report', () => {
  it('writes the columns of the issue, and a row in rupees with two decimals and IST times', async () => {
    const { payinId } = await fundEntry('BOLT', 1234.5);
    await placeAt('payins', payinId, '2031-01-10 23:59:59', '2031-01-11 00:00:00');
    const { header, rows } = await csv('payins', 'from=2031-01-10&to=2031-01-10');
    expect(header).toBe(PAYIN_HEADER);
    const bank = await columnOf('bank_accounts', 'nickname', await columnOf('payins', 'bank_account_id', payinId));
    expect(rows).toEqual([
      [
        payinId,
        await columnOf('payins', 'short_code', payinId),
        '30.86',
        '1234.50',
        await columnOf('payins', 'utr', payinId),
        '1234.50',
        'SUCCESS',
        bank,
        'BOLT',
        'cust-1',
        await columnOf('payins', 'merchant_order_id', payinId),
        '10/01/2031 23:59:59',
        '11/01/2031 00:00:00',
      ],
    ]);
    const page = await list('payins', 'from=2031-01-10&to=2031-01-10');
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: payinId,
      fee: 30.86,
      requestedAmount: 1234.5,
      receivedAmount: 1234.5,
      status: 'SUCCESS',
      bank,
      merchantCode: 'BOLT',
      initiatedAt: '2031-01-10T18:29:59.000Z',
      confirmedAt: '2031-01-10T18:30:00.000Z',
    });
  });

  it('leaves cells empty for what a pay-in does not have yet, and test pay-ins out', async () => {
    const [waiting, test] = await payinsOf('CRISP', 2, 250);
    await placeAt('payins', waiting, '2031-01-12 10:00:00');
    await placeAt('payins', test, '2031-01-12 11:00:00');
    await run(sql`UPDATE payins SET test = true WHERE id = ${test}`);
    const { rows } = await csv('payins', 'from=2031-01-12&to=2031-01-12');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect([row[0], row[2], row[3], row[4], row[5], row[6], row[12]]).toEqual([
      waiting,
      '',
      '250.00',
      '',
      '',
      'ASSIGNED',
      '',
    ]);
  });

  it('neutralises a spreadsheet formula a merchant sent as its customer id', async () => {
    const [id] = await payinsOf('CRISP');
    await placeAt('payins', id, '2031-01-14 10:00:00');
    await run(sql`UPDATE payins SET customer_id = '=HYPERLINK(1)' WHERE id = ${id}`);
    const { rows } = await csv('payins', 'from=2031-01-14&to=2031-01-14');
    expect(rows.map((r) => r[9])).toEqual(["'=HYPERLINK(1)"]);
  });

  it('takes whole IST days: 23:59:59 IST of a day is in it, 00:00:00 IST of the next is not', async () => {
    const [before, last, next] = await payinsOf('ACME', 3);
    await placeAt('payins', before, '2031-01-19 23:59:59');
    await placeAt('payins', last, '2031-01-20 23:59:59');
    await placeAt('payins', next, '2031-01-21 00:00:00');
    expect(await ids('payins', 'from=2031-01-20&to=2031-01-20')).toEqual([last]);
    expect(await ids('payins', 'from=2031-01-19&to=2031-01-21')).toEqual(sorted(before, last, next));
    expect((await csv('payins', 'from=2031-01-21&to=2031-01-21')).rows.map((r) => r[0])).toEqual([next]);
  });

  it('reads SUCCESS alone by the confirmation day, every other status by the creation day', async () => {
    const { payinId: late } = await fundEntry('ACME', 600);
    const { payinId: early } = await fundEntry('ACME', 700);
    await placeAt('payins', late, '2031-01-25 09:00:00', '2031-01-27 23:59:59');
    await placeAt('payins', early, '2031-01-27 09:00:00', '2031-01-28 00:00:00');
    expect(await ids('payins', 'status=SUCCESS&from=2031-01-27&to=2031-01-27')).toEqual([late]);
    expect(await ids('payins', 'from=2031-01-27&to=2031-01-27')).toEqual([early]);
    expect(await ids('payins', 'status=SUCCESS,DISPUTE&from=2031-01-27&to=2031-01-27')).toEqual([early]);
  });

  it('filters by merchant (with sub-merchants when asked), status and method', async () => {
    const [acme] = await payinsOf('ACME');
    const [kids] = await payinsOf('ACME-KIDS');
    const [crisp, dropped] = await payinsOf('CRISP', 2);
    for (const id of [acme, kids, crisp, dropped]) await placeAt('payins', id, '2031-02-01 12:00:00');
    await run(sql`UPDATE payins SET source = 'RazorPay' WHERE id = ${crisp}`);
    await run(sql`UPDATE payins SET status = 'DROPPED' WHERE id = ${dropped}`);
    const day = 'from=2031-02-01&to=2031-02-01';
    expect(await ids('payins', day)).toEqual(sorted(acme, kids, crisp, dropped));
    expect(await ids('payins', `${day}&merchantCode=ACME`)).toEqual([acme]);
    expect(await ids('payins', `${day}&merchantCode=ACME&includeSubMerchants=true`)).toEqual(sorted(acme, kids));
    expect(await ids('payins', `${day}&merchantCode=ACME-KIDS,CRISP`)).toEqual(sorted(kids, crisp, dropped));
    expect(await ids('payins', `${day}&status=DROPPED`)).toEqual([dropped]);
    expect(await ids('payins', `${day}&status=ASSIGNED,DROPPED&merchantCode=CRISP`)).toEqual(sorted(crisp, dropped));
    expect(await ids('payins', `${day}&method=RazorPay`)).toEqual([crisp]);
    expect(await ids('payins', `${day}&method=Manual,PayU`)).toEqual(sorted(acme, kids, dropped));
    expect((await csv('payins', `${day}&method=RazorPay`)).rows.map((r) => r[0])).toEqual([crisp]);
  });

  it("holds merchant roles to their merchants' rows, whatever merchantCode they send", async () => {
    const [bolt] = await payinsOf('BOLT');
    const [acme] = await payinsOf('ACME');
    const [kids] = await payinsOf('ACME-KIDS');
    for (const id of [bolt, acme, kids]) await placeAt('payins', id, '2031-02-05 12:00:00');
    const day = 'from=2031-02-05&to=2031-02-05';
    for (const user of ['merchant', 'merchant-operations'] as const) {
      expect(await ids('payins', day, user)).toEqual([bolt]);
      expect(await ids('payins', `${day}&merchantCode=ACME`, user)).toEqual([]);
      expect(await ids('payins', `${day}&merchantCode=ACME,BOLT&includeSubMerchants=true`, user)).toEqual([bolt]);
      expect((await csv('payins', `${day}&merchantCode=ACME`, user)).rows).toEqual([]);
    }
    expect(await ids('payins', day, 'merchant-admin')).toEqual(sorted(acme, kids));
    expect(await ids('payins', `${day}&merchantCode=BOLT`, 'merchant-admin')).toEqual([]);
    expect(await ids('payins', `${day}&merchantCode=ACME-KIDS`, 'merchant-admin')).toEqual([kids]);
    expect((await csv('payins', day, 'merchant-admin')).rows.map((r) => r[0]).sort()).toEqual(sorted(acme, kids));
    expect((await get(`/v1/reports/payins?${day}`, 'vendor')).status).toBe(403);
  });
});

describe('Vendor Payins report', () => {
  const addEntry = async (nickname: string, amount: number) => {
    const utr = utrOf(61);
    const res = await demo.s.call('POST', '/v1/bank-entries', {
      token: demo.t.operations,
      body: { bankAccountId: await bankIdOf(demo.s, nickname), utr, amount },
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.entry.id as string, utr };
  };

  it('writes the columns of the issue, and a row with its vendor, bank and IST time', async () => {
    const entry = await addEntry('ALPHA-HDFC-01', 1234.5);
    await placeAt('bank_entries', entry.id, '2031-03-01 23:59:59');
    const { header, rows } = await csv('vendor-payins', 'from=2031-03-01&to=2031-03-01');
    expect(header).toBe('ID,Vendor,UTR,Amount,Used / Un-Used,Bank,Received At (IST)');
    expect(rows).toEqual([
      [entry.id, 'VEN-ALPHA', entry.utr, '1234.50', 'Un-Used', 'ALPHA-HDFC-01', '01/03/2031 23:59:59'],
    ]);
    expect((await list('vendor-payins', 'from=2031-03-01&to=2031-03-01')).data).toEqual([
      {
        id: entry.id,
        vendorCode: 'VEN-ALPHA',
        utr: entry.utr,
        amount: 1234.5,
        status: 'Un-Used',
        bank: 'ALPHA-HDFC-01',
        receivedAt: '2031-03-01T18:29:59.000Z',
      },
    ]);
  });

  it('filters by vendor, Used or Un-Used and whole IST days', async () => {
    const alpha = await addEntry('ALPHA-ICICI-02', 300);
    const beta = await addEntry('BETA-AXIS-01', 400);
    const late = await addEntry('BETA-AXIS-01', 500);
    const { entryId: used } = await fundEntry('CRISP', 800);
    await placeAt('bank_entries', alpha.id, '2031-03-05 00:00:00');
    await placeAt('bank_entries', beta.id, '2031-03-05 12:00:00');
    await placeAt('bank_entries', used, '2031-03-05 23:59:59');
    await placeAt('bank_entries', late.id, '2031-03-06 00:00:00');
    const day = 'from=2031-03-05&to=2031-03-05';
    expect(await ids('vendor-payins', day)).toEqual(sorted(alpha.id, beta.id, used));
    expect(await ids('vendor-payins', `${day}&vendorCode=VEN-ALPHA`)).toEqual([alpha.id]);
    expect(await ids('vendor-payins', `${day}&vendorCode=VEN-ALPHA,VEN-BETA`)).toEqual(sorted(alpha.id, beta.id, used));
    expect(await ids('vendor-payins', `${day}&status=Used`)).toEqual([used]);
    expect(await ids('vendor-payins', `${day}&status=Un-Used`)).toEqual(sorted(alpha.id, beta.id));
    expect(await ids('vendor-payins', 'from=2031-03-06&to=2031-03-06')).toEqual([late.id]);
    const { rows } = await csv('vendor-payins', `${day}&status=Used`);
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([[used, 'VEN-BETA', 'Used']]);
  });

  it("holds vendor roles to their own vendor's entries, whatever vendorCode they send", async () => {
    const alpha = await addEntry('ALPHA-HDFC-01', 310);
    const beta = await addEntry('BETA-AXIS-01', 410);
    for (const e of [alpha, beta]) await placeAt('bank_entries', e.id, '2031-03-10 12:00:00');
    const day = 'from=2031-03-10&to=2031-03-10';
    expect(await ids('vendor-payins', day, 'operations')).toEqual(sorted(alpha.id, beta.id));
    for (const user of ['vendor', 'vendor-operations'] as const) {
      expect(await ids('vendor-payins', day, user)).toEqual([alpha.id]);
      expect(await ids('vendor-payins', `${day}&vendorCode=VEN-BETA`, user)).toEqual([]);
      expect((await csv('vendor-payins', `${day}&vendorCode=VEN-BETA`, user)).rows).toEqual([]);
      expect((await csv('vendor-payins', day, user)).rows.map((r) => r[0])).toEqual([alpha.id]);
    }
    expect((await get(`/v1/reports/vendor-payins?${day}`, 'merchant')).status).toBe(403);
  });
});

describe('Payouts and Vendor Payouts reports', () => {
  const paying = () => bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
  const approve = async (id: string, user: DemoUser = 'operations') => {
    const utr = utrOf(71);
    const res = await act(demo.t[user], id, 'approve', { method: 'manual', utr, bankAccountId: await paying() });
    expect(res.body.data?.status, JSON.stringify(res.body)).toBe('SUCCESS');
    return utr;
  };
  const assign = async (vendorCode: string, ...payoutIds: string[]) =>
    expect(
      (await demo.s.call('POST', '/v1/payouts/assign', { token: demo.t.admin, body: { ids: payoutIds, vendorCode } }))
        .status,
    ).toBe(200);

  it('writes the columns of the issue, a row in rupees with two decimals and IST times', async () => {
    const key = (await fundEntry('BOLT', 5_000)).key;
    const id = await newPayout(key, 600.5);
    const utr = await approve(id);
    await placeAt('payouts', id, '2031-04-01 23:59:59', '2031-04-02 00:00:00');
    const { header, rows } = await csv('payouts', 'from=2031-04-01&to=2031-04-01');
    expect(header).toBe(
      'ID,Status,Description,Amount,Fee,UTR,Merchant,Merchant Order Id,Customer,Account Number,Holder,IFSC,Initiated At (IST),Confirmed At (IST)',
    );
    const order = await columnOf('payouts', 'merchant_order_id', id);
    expect(rows).toEqual([
      [
        id,
        'SUCCESS',
        '',
        '600.50',
        '9.01',
        utr,
        'BOLT',
        order,
        'cust-5',
        '001234567890',
        'Asha Rao',
        'HDFC0001234',
        '01/04/2031 23:59:59',
        '02/04/2031 00:00:00',
      ],
    ]);
    expect((await list('payouts', 'from=2031-04-01&to=2031-04-01')).data).toEqual([
      {
        id,
        status: 'SUCCESS',
        description: null,
        amount: 600.5,
        fee: 9.01,
        utr,
        merchantCode: 'BOLT',
        merchantOrderId: order,
        customerId: 'cust-5',
        accountNumber: '001234567890',
        accountHolder: 'Asha Rao',
        ifsc: 'HDFC0001234',
        initiatedAt: '2031-04-01T18:29:59.000Z',
        confirmedAt: '2031-04-01T18:30:00.000Z',
      },
    ]);
  });

  it('describes rejected and reversed pay-outs, and filters by status, method, merchant and IST day', async () => {
    const key = (await fundEntry('ACME-KIDS', 9_000)).key;
    const [rejected, reversed, waiting, late] = [
      await newPayout(key, 500),
      await newPayout(key, 510),
      await newPayout(key, 520),
      await newPayout(key, 530),
    ];
    expect((await act(demo.t.operations, rejected, 'reject', { reason: 'Invalid Bank Details' })).status).toBe(200);
    await approve(reversed);
    expect((await act(demo.t.operations, reversed, 'reverse')).status).toBe(202);
    expect((await act(demo.t.admin, reversed, 'reverse')).body.data.status).toBe('REVERSED');
    await run(sql`UPDATE payouts SET method = 'eko' WHERE id = ${waiting}`);
    for (const id of [rejected, reversed, waiting]) await placeAt('payouts', id, '2031-04-05 12:00:00');
    await placeAt('payouts', late, '2031-04-06 00:00:00');
    const day = 'from=2031-04-05&to=2031-04-05';
    const described = (await csv('payouts', day)).rows.map((r) => [r[0], r[1], r[2]]);
    expect(described.sort()).toEqual(
      [
        [rejected, 'REJECTED', 'Invalid Bank Details'],
        [reversed, 'REVERSED', 'Reversed: Returned by the bank'],
        [waiting, 'INITIATED', ''],
      ].sort(),
    );
    expect(await ids('payouts', `${day}&status=REJECTED,REVERSED`)).toEqual(sorted(rejected, reversed));
    expect(await ids('payouts', `${day}&method=eko`)).toEqual([waiting]);
    expect(await ids('payouts', `${day}&method=manual`)).toEqual([reversed]);
    expect(await ids('payouts', `${day}&merchantCode=ACME`)).toEqual([]);
    expect(await ids('payouts', `${day}&merchantCode=ACME&includeSubMerchants=true`)).toEqual(
      sorted(rejected, reversed, waiting),
    );
    expect(await ids('payouts', 'from=2031-04-06')).toEqual([late]);
  });

  it('reads SUCCESS alone by the completion day, and holds merchant roles to their merchants', async () => {
    const bolt = (await fundEntry('BOLT', 5_000)).key;
    const acme = (await fundEntry('ACME', 5_000)).key;
    const [paidLate, boltWaiting, acmeWaiting] = [
      await newPayout(bolt, 700),
      await newPayout(bolt, 710),
      await newPayout(acme, 720),
    ];
    await approve(paidLate);
    await placeAt('payouts', paidLate, '2031-04-08 10:00:00', '2031-04-10 23:59:59');
    for (const id of [boltWaiting, acmeWaiting]) await placeAt('payouts', id, '2031-04-10 10:00:00');
    const day = 'from=2031-04-10&to=2031-04-10';
    expect(await ids('payouts', `${day}&status=SUCCESS`)).toEqual([paidLate]);
    expect(await ids('payouts', day)).toEqual(sorted(boltWaiting, acmeWaiting));
    for (const user of ['merchant', 'merchant-operations'] as const) {
      expect(await ids('payouts', day, user)).toEqual([boltWaiting]);
      expect(await ids('payouts', `${day}&merchantCode=ACME`, user)).toEqual([]);
      expect((await csv('payouts', `${day}&merchantCode=ACME`, user)).rows).toEqual([]);
    }
    expect(await ids('payouts', day, 'merchant-admin')).toEqual([acmeWaiting]);
    expect(await ids('payouts', `${day}&merchantCode=BOLT`, 'merchant-admin')).toEqual([]);
  });

  it("Vendor Payouts: the vendors' pay-outs, by vendor, status and day; vendors see their own only", async () => {
    const key = (await fundEntry('CRISP', 9_000)).key;
    const [alphaPaid, alphaWaiting, beta, nobody] = [
      await newPayout(key, 600.5),
      await newPayout(key, 610),
      await newPayout(key, 620),
      await newPayout(key, 630),
    ];
    await assign('VEN-ALPHA', alphaPaid, alphaWaiting);
    await assign('VEN-BETA', beta);
    const utr = await approve(alphaPaid, 'vendor');
    for (const id of [alphaPaid, alphaWaiting, beta, nobody]) await placeAt('payouts', id, '2031-05-01 23:59:59');
    await run(sql`UPDATE payouts SET completed_at = '2031-05-02 00:00:00+05:30' WHERE id = ${alphaPaid}`);
    const day = 'from=2031-05-01&to=2031-05-01';
    const { header, rows } = await csv('vendor-payouts', `${day}&status=INITIATED,SUCCESS&vendorCode=VEN-ALPHA`);
    expect(header).toBe(
      'ID,Status,Description,Amount,Fee,UTR,Vendor,Merchant Order Id,Customer,Account Number,Holder,IFSC,Initiated At (IST),Confirmed At (IST)',
    );
    const paidRow = [
      alphaPaid,
      'SUCCESS',
      '',
      '600.50',
      '9.01',
      utr,
      'VEN-ALPHA',
      await columnOf('payouts', 'merchant_order_id', alphaPaid),
      'cust-5',
      '001234567890',
      'Asha Rao',
      'HDFC0001234',
      '01/05/2031 23:59:59',
      '02/05/2031 00:00:00',
    ];
    expect(rows.find((r) => r[0] === alphaPaid)).toEqual(paidRow);
    expect(rows.map((r) => r[0]).sort()).toEqual(sorted(alphaPaid, alphaWaiting));
    expect(await ids('vendor-payouts', day)).toEqual(sorted(alphaPaid, alphaWaiting, beta));
    expect(await ids('vendor-payouts', `${day}&vendorCode=VEN-BETA`)).toEqual([beta]);
    expect(await ids('vendor-payouts', `${day}&status=INITIATED`)).toEqual(sorted(alphaWaiting, beta));
    expect(await ids('vendor-payouts', `${day}&method=manual`)).toEqual([alphaPaid]);
    expect(await ids('vendor-payouts', 'status=SUCCESS&from=2031-05-02&to=2031-05-02')).toEqual([alphaPaid]);
    for (const user of ['vendor', 'vendor-operations'] as const) {
      expect(await ids('vendor-payouts', day, user)).toEqual(sorted(alphaPaid, alphaWaiting));
      expect(await ids('vendor-payouts', `${day}&vendorCode=VEN-BETA`, user)).toEqual([]);
      const own = (await csv('vendor-payouts', 'status=SUCCESS&from=2031-05-02&to=2031-05-02', user)).rows;
      // A vendor never sees whose pay-out it is or what the merchant paid for it.
      expect(own).toEqual([paidRow.map((cell, i) => (i === 4 || i === 7 ? '' : cell))]);
    }
    expect((await get(`/v1/reports/vendor-payouts?${day}`, 'merchant-admin')).status).toBe(403);
  });
});

describe('bad input', () => {
  it.each([
    ['payins', 'status=SUCCESS,BOGUS', 'status'],
    ['payins', 'method=Paytm', 'method'],
    ['payins', 'from=2031-02-30', 'from'],
    ['payins', 'to=10/01/2031', 'to'],
    ['payins', 'from=2031-02-02&to=2031-02-01', 'from'],
    ['vendor-payins', 'status=Unused', 'status'],
    ['payouts', 'status=PAID', 'status'],
    ['payouts', 'method=imps', 'method'],
    ['vendor-payouts', 'method=manual,cash', 'method'],
    ['vendor-payouts', 'from=yesterday', 'from'],
  ])('%s?%s is 400 naming %s, for the list and the export', async (report, query, field) => {
    for (const path of [`/v1/reports/${report}?${query}`, `/v1/reports/${report}/export?${query}`]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION', field });
      expect(res.body.error.message).toContain(field);
    }
  });

  it('the API document says which time from and to apply to', async () => {
    const doc = (await demo.s.call('GET', '/v1/docs')).body;
    for (const path of ['/v1/reports/payins', '/v1/reports/payouts', '/v1/reports/vendor-payouts'])
      expect(doc.paths[path].get.description).toMatch(/created, except when status is exactly SUCCESS/);
  });

  it('says which values an unknown status or method may take', async () => {
    const res = await get('/v1/reports/payouts?method=imps');
    expect(res.body.error.message).toBe('method: imps is not one of manual, eko.');
  });
});
