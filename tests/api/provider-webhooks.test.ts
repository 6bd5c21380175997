import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payins, providerEvents } from '../../server/db/schema';
import { payuTxnidOf, SOURCE_OF, type Provider } from '../../domain/providers';
import { demoServerPerFile, startServer } from '../support/server';
import { confirm, DEMO_USERS } from '../support/roles';
import { assignedPayin, createPayin, ledgerHolds, merchantKey, orderId } from '../support/deposits';
import {
  PROVIDER_ACCOUNTS,
  cashfreeEvent,
  payuFields,
  razorpayEvent,
  sendWebhook,
  signedCashfree,
  signedPayu,
  signedRazorpay,
  signCashfree,
  signRazorpay,
  type Signed,
} from '../support/provider-signing';

/** Issue 14, items 3 and 5: the providers' webhooks move pay-ins once, verified, and are all kept. */
const demo = demoServerPerFile({ providers: PROVIDER_ACCOUNTS });
let key: string;
beforeAll(async () => {
  key = await merchantKey(demo.s, 'ACME');
});

let n = 0;
const next = () => (n += 1);
const utr = () => String(700_000_000_000 + next());
const rupeeText = (paise: number) => (paise / 100).toFixed(2);

/** Each provider's way of knowing a pay-in, and of saying it was paid or not. */
interface Driver {
  provider: Provider;
  /** Hands the pay-in to the provider as the pay page would: answers the provider's order id. */
  link: (payinId: string) => Promise<string>;
  paymentId: () => string;
  captured: (order: string, paymentId: string, amount: string, utr: string) => Signed;
  failed: (order: string, paymentId: string, reason: string) => Signed;
  /** How the provider writes an amount of paise. */
  amount: (paise: number) => string;
}

const linkRazorpayOrder = async (payinId: string, order: string) =>
  demo.s.db.update(payins).set({ source: 'RazorPay', providerOrderId: order }).where(eq(payins.id, payinId));

const DRIVERS: Driver[] = [
  {
    provider: 'razorpay',
    link: async (payinId) => {
      const order = `order_${next()}x${Date.now().toString(36)}`;
      await linkRazorpayOrder(payinId, order);
      return order;
    },
    paymentId: () => `pay_${next()}T${Date.now().toString(36)}`,
    captured: (order, paymentId, amount, rrn) =>
      signedRazorpay(razorpayEvent('payment.captured', { orderId: order, paymentId, amount, utr: rrn })),
    failed: (order, paymentId, reason) =>
      signedRazorpay(razorpayEvent('payment.failed', { orderId: order, paymentId, amount: '100', reason })),
    amount: (paise) => String(paise),
  },
  {
    provider: 'cashfree',
    link: async (payinId) => payinId,
    paymentId: () => String(5_114_910_000_000 + next()),
    captured: (order, paymentId, amount, rrn) =>
      signedCashfree(cashfreeEvent('SUCCESS', { orderId: order, paymentId, amount, utr: rrn })),
    failed: (order, paymentId, reason) =>
      signedCashfree(cashfreeEvent('FAILED', { orderId: order, paymentId, amount: '1.00', reason })),
    amount: rupeeText,
  },
  {
    provider: 'payu',
    link: async (payinId) => payuTxnidOf(payinId),
    paymentId: () => String(40_300_000_000 + next()),
    captured: (order, paymentId, amount, rrn) =>
      signedPayu(payuFields('success', { orderId: order, paymentId, amount, utr: rrn })),
    failed: (order, paymentId, reason) =>
      signedPayu(payuFields('failure', { orderId: order, paymentId, amount: '1.00', reason })),
    amount: rupeeText,
  },
];

const newPayin = async (rupees: number) => {
  const res = await createPayin(demo.s, key, {
    merchantOrderId: orderId('prov'),
    customerId: 'cust-9',
    amount: rupees,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
};
const rowOf = async (id: string) => (await demo.s.db.select().from(payins).where(eq(payins.id, id)))[0];
const entriesOf = async (id: string) =>
  (
    await demo.s.db.execute<{ key: string; amount: string }>(sql`
      SELECT a.key, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_journals j ON j.id = e.journal_id WHERE j.entity_id = ${id} ORDER BY a.key`)
  ).rows.map((r) => ({ key: r.key, amount: Number(r.amount) }));
const journalCount = async (id: string) =>
  Number(
    (await demo.s.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ledger_journals WHERE entity_id = ${id}`))
      .rows[0].n,
  );
const callbacksOf = async (id: string) =>
  (
    await demo.s.db.execute<{ body: string }>(
      sql`SELECT body FROM callbacks WHERE entity_id = ${id} AND type = 'payin.status' ORDER BY created_at`,
    )
  ).rows.map((r) => JSON.parse(r.body) as { data: { status: string } });
const merchantOwed = async () =>
  -Number(
    (
      await demo.s.db.execute<{ balance: string }>(sql`
        SELECT coalesce((SELECT a.balance FROM ledger_accounts a JOIN merchants m ON a.key = 'merchant:' || m.id
          WHERE m.code = 'ACME'), 0) AS balance`)
    ).rows[0].balance,
  );
const eventsOf = async (payinId: string) =>
  demo.s.db.select().from(providerEvents).where(eq(providerEvents.payinId, payinId));
const moneyState = async () =>
  (
    await demo.s.db.execute(sql`
      SELECT (SELECT count(*) FROM ledger_entries) AS entries,
        (SELECT string_agg(id || status || version, ',' ORDER BY id) FROM payins) AS payins`)
  ).rows[0];

describe.each(DRIVERS)('/v1/webhooks/$provider', (d) => {
  const clearing = `provider:${d.provider}`;

  it.each([170.1, 1234.5])(
    'a capture of ₹%s makes the pay-in SUCCESS, exactly to the paisa, with the money at the provider',
    async (rupees) => {
      const id = await newPayin(rupees);
      const paise = Math.round(rupees * 100);
      const fee = Number((BigInt(paise) * 250n * 2n + 10000n) / 20000n);
      const order = await d.link(id);
      const before = await merchantOwed();
      const rrn = utr();
      const paymentId = d.paymentId();
      const res = await sendWebhook(demo.s, d.provider, d.captured(order, paymentId, d.amount(paise), rrn));
      expect(res).toEqual({ status: 200, body: { data: { outcome: 'applied' } } });
      const row = await rowOf(id);
      expect(row).toMatchObject({
        status: 'SUCCESS',
        confirmedAmount: paise,
        fee,
        utr: rrn,
        providerPaymentId: paymentId,
        source: SOURCE_OF[d.provider],
        reason: null,
      });
      expect(row.completedAt).not.toBeNull();
      expect(await entriesOf(id)).toEqual(
        [
          { key: clearing, amount: paise },
          { key: 'income:payin-fees', amount: -fee },
          { key: `merchant:${row.merchantId}`, amount: -(paise - fee) },
        ].sort((a, b) => a.key.localeCompare(b.key)),
      );
      expect(await merchantOwed()).toBe(before + paise - fee);
      expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
      expect((await callbacksOf(id)).map((c) => c.data.status)).toEqual(['SUCCESS']);
      const [event] = await eventsOf(id);
      expect(event).toMatchObject({ provider: d.provider, verified: true, outcome: 'applied', paymentId });
      expect(event.appliedAt).not.toBeNull();
      // Staff see where it came from on the Deposit screens, and can filter on it.
      const shown = await demo.s.call('GET', `/v1/payins/${id}`, { token: demo.t.admin });
      expect(shown.body.data).toMatchObject({ source: SOURCE_OF[d.provider], providerPaymentId: paymentId });
      const listed = await demo.s.call('GET', `/v1/payins?source=${SOURCE_OF[d.provider]}&pageSize=100`, {
        token: demo.t.admin,
      });
      expect(listed.body.data.map((p: { id: string }) => p.id)).toContain(id);
      expect(listed.body.data.every((p: { source: string }) => p.source === SOURCE_OF[d.provider])).toBe(true);
    },
  );

  it('a failure drops the pay-in with the provider reason, and posts nothing', async () => {
    const id = await newPayin(250);
    const order = await d.link(id);
    const res = await sendWebhook(demo.s, d.provider, d.failed(order, d.paymentId(), 'Payment declined by bank'));
    expect(res.body.data.outcome).toBe('applied');
    expect(await rowOf(id)).toMatchObject({ status: 'DROPPED', reason: 'Payment declined by bank' });
    expect(await journalCount(id)).toBe(0);
  });

  it('a failure then a capture (a UPI retry) ends SUCCESS', async () => {
    const id = await newPayin(300);
    const order = await d.link(id);
    await sendWebhook(demo.s, d.provider, d.failed(order, d.paymentId(), 'Timed out'));
    expect((await rowOf(id)).status).toBe('DROPPED');
    const res = await sendWebhook(demo.s, d.provider, d.captured(order, d.paymentId(), d.amount(30000), utr()));
    expect(res.body.data.outcome).toBe('applied');
    expect(await rowOf(id)).toMatchObject({ status: 'SUCCESS', confirmedAmount: 30000, reason: null });
    expect(await journalCount(id)).toBe(1);
  });

  it('a failure after a capture changes nothing (ignored, said why)', async () => {
    const id = await newPayin(300);
    const order = await d.link(id);
    await sendWebhook(demo.s, d.provider, d.captured(order, d.paymentId(), d.amount(30000), utr()));
    const res = await sendWebhook(demo.s, d.provider, d.failed(order, d.paymentId(), 'Late failure'));
    expect(res).toEqual({ status: 200, body: { data: { outcome: 'ignored' } } });
    expect(await rowOf(id)).toMatchObject({ status: 'SUCCESS', reason: null });
    const ignored = (await eventsOf(id)).find((e) => e.outcome === 'ignored');
    expect(ignored?.detail).toMatch(/SUCCESS cannot be failed by a payment provider/);
    expect(await journalCount(id)).toBe(1);
  });

  it('the same event delivered again is a duplicate: applied once, one journal, both deliveries kept', async () => {
    const id = await newPayin(400);
    const order = await d.link(id);
    const signed = d.captured(order, d.paymentId(), d.amount(40000), utr());
    expect((await sendWebhook(demo.s, d.provider, signed)).body.data.outcome).toBe('applied');
    const again = await sendWebhook(demo.s, d.provider, signed);
    expect(again).toEqual({ status: 200, body: { data: { outcome: 'duplicate' } } });
    expect(await journalCount(id)).toBe(1);
    expect((await callbacksOf(id)).length).toBe(1);
    const kept = await demo.s.db
      .select()
      .from(providerEvents)
      .where(sql`${providerEvents.body} = ${signed.body}`);
    expect(kept.map((e) => e.outcome).sort()).toEqual(['applied', 'duplicate']);
  });

  it('identical deliveries at the same moment are applied once', async () => {
    const id = await newPayin(450);
    const order = await d.link(id);
    const signed = d.captured(order, d.paymentId(), d.amount(45000), utr());
    const results = await Promise.all(Array.from({ length: 6 }, () => sendWebhook(demo.s, d.provider, signed)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results.map((r) => r.body.data.outcome).sort()).toEqual(['applied', ...Array(5).fill('duplicate')]);
    expect(await journalCount(id)).toBe(1);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('a capture of another amount is a DISPUTE naming both amounts, with no money posted', async () => {
    const id = await newPayin(500);
    const order = await d.link(id);
    const res = await sendWebhook(demo.s, d.provider, d.captured(order, d.paymentId(), d.amount(49999), utr()));
    expect(res.body.data.outcome).toBe('applied');
    const row = await rowOf(id);
    expect(row.status).toBe('DISPUTE');
    expect(row.reason).toContain('₹499.99');
    expect(row.reason).toContain('₹500.00');
    expect(await journalCount(id)).toBe(0);
    // Staff confirm what the provider took: the provider holds it, not a vendor's bank account.
    const headers = await confirm(demo.s, demo.t.admin, 'payin.confirm');
    const done = await demo.s.call('POST', `/v1/payins/${id}/confirm`, {
      token: demo.t.admin,
      headers,
      body: { confirmedAmount: 499.99 },
    });
    expect(done.body.data).toMatchObject({ status: 'SUCCESS', confirmedAmount: 499.99 });
    const keys = (await entriesOf(id)).map((e) => e.key);
    expect(keys).toContain(`provider:${d.provider}`);
    expect(keys.some((k) => k.startsWith('bank:') || k.startsWith('vendor:'))).toBe(false);
    const rec = await demo.s.call('GET', '/v1/reconciliation', { token: demo.t.admin });
    expect(rec.body.data.differences).toEqual([]);
  });

  it('a tampered body is refused with 401, changes nothing, and is kept as rejected', async () => {
    const id = await newPayin(600);
    const order = await d.link(id);
    const signed = d.captured(order, d.paymentId(), d.amount(60000), utr());
    const tampered = { ...signed, body: signed.body.replace(d.amount(60000), d.amount(6000000)) };
    expect(tampered.body).not.toBe(signed.body);
    const before = await moneyState();
    const res = await sendWebhook(demo.s, d.provider, tampered);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('BAD_SIGNATURE');
    expect(res.body.error.message).toMatch(/does not match/);
    expect(await moneyState()).toEqual(before);
    const [kept] = await demo.s.db
      .select()
      .from(providerEvents)
      .where(sql`${providerEvents.body} = ${tampered.body}`);
    expect(kept).toMatchObject({ verified: false, outcome: 'rejected', payinId: null });
    expect(kept.detail).toMatch(/does not match/);
  });

  it('a body signed with another secret, or not signed, is refused with 401', async () => {
    const id = await newPayin(650);
    const order = await d.link(id);
    const fields = { order, paymentId: d.paymentId(), amount: d.amount(65000), rrn: utr() };
    const good = d.captured(fields.order, fields.paymentId, fields.amount, fields.rrn);
    const wrong: Signed =
      d.provider === 'razorpay'
        ? { ...good, headers: { ...good.headers, 'x-razorpay-signature': signRazorpay(good.body, 'other') } }
        : d.provider === 'cashfree'
          ? signedCashfree(good.body, { secret: 'other-secret' })
          : signedPayu(payuFields('success', { ...fields, orderId: fields.order, utr: fields.rrn }), 'other-salt');
    const unsigned: Signed =
      d.provider === 'payu'
        ? {
            body: new URLSearchParams(payuFields('success', { ...fields, orderId: order })).toString(),
            headers: good.headers,
          }
        : { body: good.body, headers: { 'content-type': 'application/json' } };
    const before = await moneyState();
    for (const attempt of [wrong, unsigned]) {
      const res = await sendWebhook(demo.s, d.provider, attempt);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('BAD_SIGNATURE');
    }
    expect(await moneyState()).toEqual(before);
    expect((await rowOf(id)).status).toBe('INITIATED');
    // The genuine one still goes through afterwards: the refused ones took no event id.
    expect((await sendWebhook(demo.s, d.provider, good)).body.data.outcome).toBe('applied');
  });

  it('a capture for a test pay-in makes it SUCCESS without touching balances', async () => {
    const id = await newPayin(120);
    await demo.s.db.update(payins).set({ test: true }).where(eq(payins.id, id));
    const order = await d.link(id);
    const res = await sendWebhook(demo.s, d.provider, d.captured(order, d.paymentId(), d.amount(12000), utr()));
    expect(res.body.data.outcome).toBe('applied');
    expect((await rowOf(id)).status).toBe('SUCCESS');
    expect(await journalCount(id)).toBe(0);
  });

  it('a body over 64 kB is refused with 413 before anything reads it', async () => {
    const res = await sendWebhook(demo.s, d.provider, {
      body: `{"pad":"${'x'.repeat(70 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });
});

describe('provider-specific rules', () => {
  it('CashFree: a timestamp more than 5 minutes old or ahead is stale (401), even when signed', async () => {
    const id = await newPayin(700);
    const body = cashfreeEvent('SUCCESS', { orderId: id, paymentId: '99100', amount: '700.00', utr: utr() });
    for (const timestamp of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
      const res = await sendWebhook(demo.s, 'cashfree', signedCashfree(body, { timestamp }));
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/stale/);
    }
    expect((await rowOf(id)).status).toBe('INITIATED');
    const fresh = await sendWebhook(demo.s, 'cashfree', signedCashfree(body, { timestamp: Date.now() - 60_000 }));
    expect(fresh.body.data.outcome).toBe('applied');
  });

  it('CashFree: the signature covers the timestamp too', async () => {
    const body = cashfreeEvent('SUCCESS', { orderId: await newPayin(710), paymentId: '99101', amount: '710.00' });
    const ts = String(Date.now());
    const res = await sendWebhook(demo.s, 'cashfree', {
      body,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(Number(ts) + 1),
        'x-webhook-signature': signCashfree(body, ts),
      },
    });
    expect(res.status).toBe(401);
  });

  it('CashFree: USER_DROPPED drops the pay-in', async () => {
    const id = await newPayin(720);
    const body = cashfreeEvent('USER_DROPPED', {
      orderId: id,
      paymentId: '99102',
      amount: '720.00',
      reason: 'User dropped',
    });
    expect((await sendWebhook(demo.s, 'cashfree', signedCashfree(body))).body.data.outcome).toBe('applied');
    expect(await rowOf(id)).toMatchObject({ status: 'DROPPED', reason: 'User dropped' });
  });

  it('PayU: the additionalCharges field joins the hash', async () => {
    const id = await newPayin(730);
    const fields = {
      ...payuFields('success', { orderId: payuTxnidOf(id), paymentId: '40399', amount: '730.00' }),
      additionalCharges: '5.00',
    };
    const withoutCharges = signedPayu(
      payuFields('success', { orderId: payuTxnidOf(id), paymentId: '40399', amount: '730.00' }),
    );
    const hash = new URLSearchParams(withoutCharges.body).get('hash')!;
    const forged = { body: new URLSearchParams({ ...fields, hash }).toString(), headers: withoutCharges.headers };
    expect((await sendWebhook(demo.s, 'payu', forged)).status).toBe(401);
    expect((await sendWebhook(demo.s, 'payu', signedPayu(fields))).body.data.outcome).toBe('applied');
    expect((await rowOf(id)).confirmedAmount).toBe(73000);
  });

  it('RazorPay: payment.authorized is kept but not acted on; the event id header deduplicates', async () => {
    const id = await newPayin(740);
    const order = `order_auth${next()}`;
    await linkRazorpayOrder(id, order);
    const body = razorpayEvent('payment.authorized', { orderId: order, paymentId: `pay_a${next()}`, amount: '74000' });
    const res = await sendWebhook(demo.s, 'razorpay', signedRazorpay(body, `evt_${next()}`));
    expect(res.body.data.outcome).toBe('ignored');
    expect((await rowOf(id)).status).toBe('INITIATED');
    const captured = razorpayEvent('payment.captured', {
      orderId: order,
      paymentId: `pay_c${next()}`,
      amount: '74000',
    });
    const eventId = `evt_${next()}`;
    expect((await sendWebhook(demo.s, 'razorpay', signedRazorpay(captured, eventId))).body.data.outcome).toBe(
      'applied',
    );
    expect((await sendWebhook(demo.s, 'razorpay', signedRazorpay(captured, eventId))).body.data.outcome).toBe(
      'duplicate',
    );
    const [applied] = await demo.s.db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId));
    expect(applied.outcome).toBe('applied');
  });

  it('RazorPay: an amount that is not whole paise is not taken', async () => {
    const id = await newPayin(750);
    const order = `order_frac${next()}`;
    await linkRazorpayOrder(id, order);
    const body = razorpayEvent('payment.captured', { orderId: order, paymentId: `pay_f${next()}`, amount: '75000.5' });
    const res = await sendWebhook(demo.s, 'razorpay', signedRazorpay(body));
    expect(res.body.data.outcome).toBe('failed');
    expect((await rowOf(id)).status).toBe('INITIATED');
  });

  it('a capture after the bank account was assigned posts to the provider, and reconciliation still agrees', async () => {
    const { id } = await assignedPayin(demo.s, key, 760);
    const body = cashfreeEvent('SUCCESS', { orderId: id, paymentId: String(99200 + next()), amount: '760.00' });
    expect((await sendWebhook(demo.s, 'cashfree', signedCashfree(body))).body.data.outcome).toBe('applied');
    expect((await entriesOf(id)).map((e) => e.key)).toContain('provider:cashfree');
    expect((await entriesOf(id)).some((e) => e.key.startsWith('bank:'))).toBe(false);
    const rec = await demo.s.call('GET', '/v1/reconciliation', { token: demo.t.admin });
    expect(rec.status).toBe(200);
    expect(rec.body.data.differences).toEqual([]);
  });
});

describe('the event log', () => {
  it('keeps an event for an unknown pay-in as failed; ADMIN replays it once the pay-in is linked', async () => {
    const id = await newPayin(800);
    const order = `order_late${next()}`;
    const paymentId = `pay_late${next()}`;
    const body = razorpayEvent('payment.captured', { orderId: order, paymentId, amount: '80000', utr: utr() });
    const first = await sendWebhook(demo.s, 'razorpay', signedRazorpay(body));
    expect(first.body.data.outcome).toBe('failed');
    const [event] = await demo.s.db.select().from(providerEvents).where(eq(providerEvents.paymentId, paymentId));
    expect(event).toMatchObject({ outcome: 'failed', verified: true, payinId: null, attempts: 1 });
    expect(event.detail).toContain(order);
    // Another delivery of it is a duplicate: only a replay applies it again.
    expect((await sendWebhook(demo.s, 'razorpay', signedRazorpay(body))).body.data.outcome).toBe('duplicate');

    const early = await demo.s.call('POST', `/v1/provider-events/${event.id}/replay`, { token: demo.t.admin });
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ outcome: 'failed', attempts: 2 });

    await linkRazorpayOrder(id, order);
    const replayed = await demo.s.call('POST', `/v1/provider-events/${event.id}/replay`, { token: demo.t.admin });
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toMatchObject({ outcome: 'applied', attempts: 3, payinId: id, body });
    expect(await rowOf(id)).toMatchObject({ status: 'SUCCESS', confirmedAmount: 80000 });
    expect(await journalCount(id)).toBe(1);
    const audited = await demo.s.db.execute<{ actor_name: string }>(
      sql`SELECT actor_name FROM audit_events WHERE action = 'replay' AND entity = 'provider-events' AND entity_id = ${event.id}`,
    );
    expect(audited.rows.map((r) => r.actor_name)).toEqual(['admin', 'admin']);

    const again = await demo.s.call('POST', `/v1/provider-events/${event.id}/replay`, { token: demo.t.admin });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/only an event that failed/i);
    expect(await journalCount(id)).toBe(1);
  });

  it('refuses to replay a rejected event (409) or an unknown one (404)', async () => {
    const res = await sendWebhook(demo.s, 'razorpay', {
      body: razorpayEvent('payment.captured', { orderId: 'order_x', paymentId: `pay_r${next()}`, amount: '100' }),
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'deadbeef' },
    });
    expect(res.status).toBe(401);
    const [rejected] = await demo.s.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.outcome, 'rejected'))
      .limit(1);
    const replay = await demo.s.call('POST', `/v1/provider-events/${rejected.id}/replay`, { token: demo.t.admin });
    expect(replay.status).toBe(409);
    expect(replay.body.error.message).toMatch(/not verified/);
    const unknown = await demo.s.call('POST', '/v1/provider-events/00000000-0000-4000-8000-000000000000/replay', {
      token: demo.t.admin,
    });
    expect(unknown.status).toBe(404);
  });

  it('is listed to ADMIN, newest first, with filters; one event shows its headers and raw body', async () => {
    const id = await newPayin(810);
    const signed = signedCashfree(cashfreeEvent('SUCCESS', { orderId: id, paymentId: '99300', amount: '810.00' }));
    await sendWebhook(demo.s, 'cashfree', signed);
    const list = await demo.s.call('GET', `/v1/provider-events?payinId=${id}`, { token: demo.t.admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ provider: 'cashfree', outcome: 'applied', payinId: id, verified: true });
    expect(list.body.data[0].body).toBeUndefined();
    const all = await demo.s.call('GET', '/v1/provider-events?pageSize=100', { token: demo.t.admin });
    const times = all.body.data.map((e: { receivedAt: string }) => Date.parse(e.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const rejected = await demo.s.call('GET', '/v1/provider-events?verified=false&provider=razorpay,payu', {
      token: demo.t.admin,
    });
    expect(rejected.body.total).toBeGreaterThan(0);
    for (const e of rejected.body.data) {
      expect(e.verified).toBe(false);
      expect(['razorpay', 'payu']).toContain(e.provider);
    }
    const outcomes = await demo.s.call('GET', '/v1/provider-events?outcome=duplicate', { token: demo.t.admin });
    expect(outcomes.body.data.every((e: { outcome: string }) => e.outcome === 'duplicate')).toBe(true);
    expect((await demo.s.call('GET', '/v1/provider-events?outcome=nope', { token: demo.t.admin })).status).toBe(400);

    const one = await demo.s.call('GET', `/v1/provider-events/${list.body.data[0].id}`, { token: demo.t.admin });
    expect(one.status).toBe(200);
    expect(one.body.data.body).toBe(signed.body);
    expect(one.body.data.headers).toEqual({
      'content-type': 'application/json',
      'x-webhook-signature': signed.headers['x-webhook-signature'],
      'x-webhook-timestamp': signed.headers['x-webhook-timestamp'],
      'x-webhook-version': '2023-08-01',
    });
  });

  it.each(DEMO_USERS.filter((u) => u !== 'admin'))('is refused to %s (403)', async (user) => {
    const [any] = await demo.s.db.select().from(providerEvents).limit(1);
    for (const [method, path] of [
      ['GET', '/v1/provider-events'],
      ['GET', `/v1/provider-events/${any.id}`],
      ['POST', `/v1/provider-events/${any.id}/replay`],
    ]) {
      const res = await demo.s.call(method, path, { token: demo.t[user] });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 403`);
    }
  });
});

describe('a server with no provider configured', () => {
  it('refuses every webhook with 401 and keeps it as rejected', async () => {
    const s = await startServer();
    try {
      const body = cashfreeEvent('SUCCESS', {
        orderId: '00000000-0000-4000-8000-000000000000',
        paymentId: '1',
        amount: '1.00',
      });
      const res = await sendWebhook(s, 'cashfree', signedCashfree(body));
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'BAD_SIGNATURE', message: expect.stringMatching(/not configured/) });
      const rows = await s.db.select().from(providerEvents);
      expect(rows).toMatchObject([{ provider: 'cashfree', verified: false, outcome: 'rejected' }]);
    } finally {
      await s.close();
    }
  });
});
