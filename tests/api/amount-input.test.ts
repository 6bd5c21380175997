import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { confirm } from '../support/roles';
import { payoutKit } from '../support/payouts';
import { assignedBank, assignedPayin, bankIdOf, createPayin, orderId, utrOf } from '../support/deposits';
import { MERCHANT_TERMS, bankAccountBody } from '../support/fixtures';
import { startWriteLog } from '../support/write-log';

/**
 * Issue 29, item 5: an amount is a JSON number with at most two decimals as written in the
 * request's text, or a string of digits with at most two decimals. Anything else, on every money
 * route, is 400 naming the field and writes nothing; the good forms are still taken, exactly.
 */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 1_000_000,
  payPageRateLimitPerMinute: 1_000_000,
  authRateLimitPerMinute: 1_000_000,
});
const { fund, fundEntry, bank } = payoutKit(demo);

/** Bad amounts as they stand in the request's JSON text (JSON.parse would round or coerce several). */
const BAD = [
  'true',
  'false',
  '[600]',
  '["600"]',
  '{"rupees":600}',
  '"0x1F4"',
  '"0o17"',
  '"0b101"',
  '5e2',
  '500.1e1',
  '5E+2',
  '"5e2"',
  '500.001',
  '"500.001"',
  '500.00000000000000001',
  '-500',
  '"-500"',
  '-0',
  '"NaN"',
  '"Infinity"',
  '"+500"',
  '" 500"',
  '"500 "',
  '""',
  '"1,000"',
  '"500."',
  '".5"',
];
/** Refused where an amount is required (where it may be null, null means "none"). */
const NULL = 'null';
/** The good forms and the rupees each means. */
const GOOD: [string, number][] = [
  ['500', 500],
  ['500.5', 500.5],
  ['"500.50"', 500.5],
];
const GOOD_PERCENT: [string, number][] = [
  ['2', 2],
  ['2.5', 2.5],
  ['"2.50"', 2.5],
];

/** A JSON body as text with the amount's text put in as it is. */
const withAmount = (body: Record<string, unknown>, field: string, amount: string) =>
  JSON.stringify({ ...body, [field]: '@AMOUNT@' }).replace('"@AMOUNT@"', amount);

const send = async (method: string, path: string, text: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${demo.s.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  return { status: res.status, body: await res.json() };
};
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

interface MoneyRoute {
  name: string;
  field: string;
  nullable?: boolean;
  good?: [string, number][];
  /** What a request needs first, before its writes are watched: `fresh` when a good amount needs a record of its own. */
  before?: (fresh: boolean) => Promise<void>;
  /** Sends the amount's text. */
  send: (amount: string) => Promise<{ status: number; body: any }>;
  /** The amount in rupees the accepted request left in the database. */
  stored: (res: { body: any }) => Promise<number>;
}

const one = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await demo.s.db.execute<Record<string, unknown>>(query)).rows[0])[0]) / 100;

let key: string;
let crispKey: string;
let entryBank: string;
let disputed: string;
let lienOrder: string;
let openPayin: string;
/** The password confirmation the next request carries. */
let confirmed: Record<string, string> = {};
const lienCustomer = 'cust-1';

/** A pay-in in DISPUTE: asked 700, the bank shows 600, so 500 or 500.50 may be confirmed. */
const disputedPayin = async () => {
  const p = await assignedPayin(demo.s, key, 700);
  const utr = utrOf(3);
  const added = await demo.s.call('POST', '/v1/bank-entries', {
    token: demo.t.operations,
    body: { bankAccountId: await assignedBank(demo.s, p.id), utr, amount: 600 },
  });
  expect(added.status).toBe(201);
  expect((await demo.s.call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } })).body.data.status).toBe('DISPUTE');
  return p.id;
};
const paidOrder = async () => {
  const { payinId } = await fundEntry('BOLT', 1_000);
  return (await demo.s.db.execute<{ o: string }>(sql`SELECT merchant_order_id AS o FROM payins WHERE id = ${payinId}`))
    .rows[0].o;
};
const payinWithoutAmount = async () =>
  (await createPayin(demo.s, key, { merchantOrderId: orderId(), customerId: 'c1' })).body.data.id as string;

let codes = 0;
const newCode = () => `AMT${(codes += 1)}`;

const ROUTES: MoneyRoute[] = [
  {
    name: 'POST /v1/merchant-api/payins',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/merchant-api/payins',
        withAmount({ merchantOrderId: orderId(), customerId: 'c1' }, 'amount', a),
        { 'x-api-key': key },
      ),
    stored: (res) => one(sql`SELECT amount FROM payins WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/merchant-api/payouts',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/merchant-api/payouts',
        withAmount({ merchantOrderId: orderId('wd'), customerId: 'c1', beneficiary: bank }, 'amount', a),
        { 'x-api-key': key },
      ),
    stored: (res) => one(sql`SELECT amount FROM payouts WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/payins/links',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/payins/links',
        withAmount({ merchantCode: 'BOLT', customerId: 'c1' }, 'amount', a),
        bearer(demo.t.admin),
      ),
    stored: (res) => one(sql`SELECT amount FROM payins WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/pay/:id/assign',
    field: 'amount',
    before: async (fresh) => {
      if (fresh) openPayin = await payinWithoutAmount();
    },
    send: (a) => send('POST', `/v1/pay/${openPayin}/assign`, withAmount({}, 'amount', a)),
    stored: () => one(sql`SELECT amount FROM payins WHERE id = ${openPayin}`),
  },
  {
    name: 'POST /v1/pay/:id/intent',
    field: 'amount',
    good: [],
    send: (a) => send('POST', `/v1/pay/${openPayin}/intent`, withAmount({ provider: 'razorpay' }, 'amount', a)),
    stored: async () => NaN,
  },
  {
    name: 'POST /v1/payins/:id/confirm',
    field: 'confirmedAmount',
    before: async (fresh) => {
      if (fresh) disputed = await disputedPayin();
      confirmed = await confirm(demo.s, demo.t.admin, 'payin.confirm');
    },
    send: (a) =>
      send(
        'POST',
        `/v1/payins/${disputed}/confirm`,
        withAmount({}, 'confirmedAmount', a),
        bearer(demo.t.admin, confirmed),
      ),
    stored: () => one(sql`SELECT confirmed_amount FROM payins WHERE id = ${disputed}`),
  },
  {
    name: 'POST /v1/payouts',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/payouts',
        withAmount(
          {
            merchantCode: 'CRISP',
            customerId: 'cust-7',
            bankName: 'HDFC Bank',
            accountNumber: '001234567890',
            accountHolder: 'Asha Rao',
            ifsc: 'HDFC0001234',
          },
          'amount',
          a,
        ),
        bearer(demo.t.operations),
      ),
    stored: (res) => one(sql`SELECT amount FROM payouts WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/settlements',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/settlements',
        withAmount({ merchantCode: 'BOLT', method: 'CASH' }, 'amount', a),
        bearer(demo.t.admin),
      ),
    stored: (res) => one(sql`SELECT amount FROM settlements WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/vendor-settlements',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/vendor-settlements',
        withAmount({ vendorCode: 'VEN-ALPHA', method: 'CASH' }, 'amount', a),
        bearer(demo.t.transactions),
      ),
    stored: (res) => one(sql`SELECT amount FROM vendor_settlements WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/liens',
    field: 'amount',
    before: async (fresh) => {
      if (fresh) lienOrder = await paidOrder();
    },
    send: (a) => {
      const body = {
        merchantCode: 'BOLT',
        merchantOrderId: lienOrder,
        customerId: lienCustomer,
        receivedAt: new Date(Date.now() + 19_800_000).toISOString().slice(0, 10),
        reason: 'Customer disputed the debit with the bank',
      };
      return send('POST', '/v1/liens', withAmount(body, 'amount', a), bearer(demo.t.transactions));
    },
    stored: (res) => one(sql`SELECT amount FROM liens WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/bank-entries',
    field: 'amount',
    send: (a) =>
      send(
        'POST',
        '/v1/bank-entries',
        withAmount({ bankAccountId: entryBank, utr: utrOf(5) }, 'amount', a),
        bearer(demo.t.operations),
      ),
    stored: (res) => one(sql`SELECT amount FROM bank_entries WHERE id = ${res.body.data.entry.id}`),
  },
  ...(['minPayin', 'maxPayin', 'minPayout', 'maxPayout'] as const).map(
    (field): MoneyRoute => ({
      name: 'POST /v1/merchants',
      field,
      // A maximum above the terms' minimum of 100 and a minimum below their maximum of 10,000.
      good: field.startsWith('min')
        ? GOOD
        : GOOD.map(([text, rupees]) => [text.replace('500', '10500'), rupees + 10_000]),
      send: (a) =>
        send(
          'POST',
          '/v1/merchants',
          withAmount(
            { code: newCode(), name: 'Amounts Ltd', siteUrl: 'https://amounts.example', ...MERCHANT_TERMS },
            field,
            a,
          ),
          bearer(demo.t.admin),
        ),
      stored: (res) =>
        one(sql`SELECT ${sql.raw(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} FROM merchants
          WHERE id = ${res.body.data.id}`),
    }),
  ),
  {
    name: 'POST /v1/merchants',
    field: 'payinFeePercent',
    good: GOOD_PERCENT,
    send: (a) =>
      send(
        'POST',
        '/v1/merchants',
        withAmount(
          { code: newCode(), name: 'Amounts Ltd', siteUrl: 'https://amounts.example', ...MERCHANT_TERMS },
          'payinFeePercent',
          a,
        ),
        bearer(demo.t.admin),
      ),
    stored: (res) => one(sql`SELECT payin_fee_bps FROM merchants WHERE id = ${res.body.data.id}`),
  },
  ...(['minPayin', 'dailyLimit'] as const).map(
    (field): MoneyRoute => ({
      name: 'POST /v1/bank-accounts',
      field,
      nullable: field === 'dailyLimit',
      good:
        field === 'dailyLimit' ? GOOD.map(([text, rupees]) => [text.replace('500', '50500'), rupees + 50_000]) : GOOD,
      before: async () => {
        confirmed = await confirm(demo.s, demo.t.admin, 'bank-account.create');
      },
      send: (a) =>
        send(
          'POST',
          '/v1/bank-accounts',
          withAmount(bankAccountBody(`AMT-${(codes += 1)}`, { dailyLimit: 100_000 }), field, a),
          bearer(demo.t.admin, confirmed),
        ),
      stored: (res) =>
        one(sql`SELECT ${sql.raw(field === 'minPayin' ? 'min_payin' : 'daily_limit')} FROM bank_accounts
          WHERE id = ${res.body.data.id}`),
    }),
  ),
  {
    name: 'POST /v1/on-boarding',
    field: 'expectedMonthlyVolume',
    send: (a) =>
      send(
        'POST',
        '/v1/on-boarding',
        withAmount(
          {
            businessName: 'Amount Shop',
            contactName: 'Ravi Kumar',
            email: `ravi${(codes += 1)}@amount.example`,
            phone: '9876543210',
            website: 'https://amount.example',
          },
          'expectedMonthlyVolume',
          a,
        ),
      ),
    stored: (res) => one(sql`SELECT expected_monthly_volume FROM merchant_applications WHERE id = ${res.body.data.id}`),
  },
  {
    name: 'POST /v1/vendors',
    field: 'payoutCommissionPercent',
    good: GOOD_PERCENT,
    send: (a) =>
      send(
        'POST',
        '/v1/vendors',
        withAmount({ code: newCode(), name: 'Amount Vendor', payinCommissionPercent: 1 }, 'payoutCommissionPercent', a),
        bearer(demo.t.admin),
      ),
    stored: (res) => one(sql`SELECT payout_commission_bps FROM vendors WHERE id = ${res.body.data.id}`),
  },
];

let log: Awaited<ReturnType<typeof startWriteLog>>;
/**
 * What requests wrote since the last look, leaving out sessions' last-seen times and the rate-limit
 * counters (each request counts there, whatever the answer).
 */
const written = async () =>
  (await log.since()).filter(
    (w) => !(w.tbl === 'sessions' && w.op === 'UPDATE' && w.cols === 'last_seen_at') && w.tbl !== 'rate_limit_counters',
  );

beforeAll(async () => {
  key = await fund('BOLT', 50_000);
  crispKey = await fund('CRISP', 50_000);
  expect(crispKey).toBeTruthy();
  entryBank = await bankIdOf(demo.s, 'ALPHA-ICICI-02');
  disputed = await disputedPayin();
  lienOrder = await paidOrder();
  openPayin = await payinWithoutAmount();
  log = await startWriteLog(demo.s.db);
}, 60_000);

describe('an amount that is not exactly rupees is refused on every money route, and nothing is written', () => {
  for (const route of ROUTES)
    it(`${route.name} ${route.field}`, async () => {
      const refusedWrongly: string[] = [];
      for (const amount of route.nullable ? BAD : [...BAD, NULL]) {
        await route.before?.(false);
        await written();
        const res = await route.send(amount);
        const wrote = await written();
        const problem =
          res.status !== 400
            ? `answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`
            : res.body.error?.field !== route.field || !res.body.error.message.includes(route.field)
              ? `named ${JSON.stringify(res.body.error)}`
              : wrote.length > 0
                ? `wrote ${JSON.stringify(wrote)}`
                : undefined;
        if (problem) refusedWrongly.push(`${amount}: ${problem}`);
      }
      expect(refusedWrongly).toEqual([]);
    });
});

describe('a number with at most two decimals, or such a string, is taken exactly', () => {
  for (const route of ROUTES.filter((r) => r.good?.length !== 0))
    it(`${route.name} ${route.field}`, async () => {
      for (const [amount, rupees] of route.good ?? GOOD) {
        await route.before?.(true);
        const res = await route.send(amount);
        expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        expect(await route.stored(res)).toBe(rupees);
      }
    });
});

describe('a bank statement', () => {
  const upload = async (amounts: string[]) => {
    const form = new FormData();
    form.append('bankAccountId', entryBank);
    const rows = amounts.map((a) => `${utrOf(9)},"${a.replace(/"/g, '""')}",2026-01-01,`);
    form.append('file', new Blob([['utr,amount,date,code', ...rows].join('\n')], { type: 'text/csv' }), 's.csv');
    const res = await fetch(`${demo.s.url}/v1/bank-entries/import`, {
      method: 'POST',
      body: form,
      headers: bearer(demo.t.operations),
    });
    return { status: res.status, body: await res.json() };
  };

  it('refuses every row whose amount is not exactly rupees, naming each, and records none', async () => {
    // As a CSV cell holds them: the JSON strings' texts and the numbers' texts (cells are trimmed by the format).
    const cells = [...BAD, NULL]
      .map((b) => (b.startsWith('"') ? (JSON.parse(b) as string) : b))
      .filter((c) => c === c.trim());
    await written();
    const res = await upload(['500', ...cells]);
    expect(res.status).toBe(400);
    expect(res.body.error.rows.map((r: { line: number }) => r.line)).toEqual(cells.map((_, i) => i + 3));
    for (const row of res.body.error.rows) expect(row.reason).toMatch(/^amount /);
    expect(await written()).toEqual([]);
  });

  it('records 500, 500.5 and 500.50 exactly', async () => {
    const res = await upload(['500', '500.5', '500.50']);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(res.body.data.recorded).toBe(3);
  });
});
