import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, merchants, payins } from '../../server/db/schema';
import { payinIdOfTxnid, payuTxnidOf } from '../../domain/providers';
import { providerSettings } from '../../server/services/providers/provider-config';
import { ProviderError } from '../../server/services/providers/provider-http';
import { createProviderOrder } from '../../server/services/providers/provider-orders';
import { createPayin, merchantKey, orderId } from '../support/deposits';
import { startProviderStandIn, type ProviderStandIn } from '../support/provider-stand-in';
import { confirm, signInAll, type DemoUser } from '../support/roles';
import { startServer, type TestServer } from '../support/server';

/**
 * Issue 14, item 2: the pay page's third tab. The customer asks for a provider; the gateway makes
 * the provider's order (at local stand-ins that check requests as the providers document them)
 * and answers what the page hands over. RazorPay and PayU come from the environment here, CashFree
 * from the dashboard.
 */
const PAYU = { keyId: 'PAYUKEY1', keySecret: 'payu-salt-Test-0001' };

let stand: ProviderStandIn;
let s: TestServer;
let t: Record<DemoUser, string>;
let key: string;
beforeAll(async () => {
  stand = await startProviderStandIn();
  s = await startServer({
    providers: {
      razorpay: {
        keyId: stand.razorpay.keyId,
        keySecret: stand.razorpay.keySecret,
        webhookSecret: 'razorpay-webhook-secret-1',
        apiBase: stand.url,
      },
      payu: { ...PAYU, apiBase: `${stand.url}/payu` },
    },
  });
  t = await signInAll(s);
  key = await merchantKey(s, 'BOLT');
  const saved = await s.call('PUT', '/v1/providers/cashfree', {
    token: t.admin,
    headers: await confirm(s, t.admin, 'provider.update'),
    body: {
      keyId: stand.cashfree.clientId,
      keySecret: stand.cashfree.clientSecret,
      apiBase: `${stand.url}/sandbox`,
    },
  });
  if (saved.status !== 200) throw new Error(`cashfree: ${saved.status} ${JSON.stringify(saved.body)}`);
});
afterAll(async () => {
  await s?.close();
  await stand?.close();
});
afterEach(() => {
  stand.fail.razorpay = null;
  stand.fail.cashfree = null;
  expect(stand.violations).toEqual([]);
});

const newPayin = async (amount?: number, customerId = 'cust-1') => {
  const res = await createPayin(s, key, { merchantOrderId: orderId('intent'), customerId, amount });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
};
const intent = (id: string, body: Record<string, unknown>) => s.call('POST', `/v1/pay/${id}/intent`, { body });
const page = async (id: string) => (await s.call('GET', `/v1/pay/${id}`)).body.data;
const rowOf = async (id: string) => (await s.db.select().from(payins).where(eq(payins.id, id)))[0];
const ordersOf = (provider: string) => stand.orders.filter((o) => o.provider === provider);

const merchantView = async (code: string, token = t.admin) => {
  const [{ id }] = await s.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
  return (await s.call('GET', `/v1/merchants/${id}`, { token })).body.data;
};
/** The merchant's editable fields sent back as they are, with the changes asked for. */
const editMerchant = async (code: string, change: Record<string, unknown>, token = t.admin) => {
  const m = await merchantView(code);
  const body = {
    name: m.name,
    siteUrl: m.siteUrl,
    returnUrl: m.returnUrl,
    payinCallbackUrl: m.payinCallbackUrl,
    payoutCallbackUrl: m.payoutCallbackUrl,
    minPayin: m.minPayin,
    maxPayin: m.maxPayin,
    payinFeePercent: m.payinFeePercent,
    minPayout: m.minPayout,
    maxPayout: m.maxPayout,
    payoutFeePercent: m.payoutFeePercent,
    testMode: m.testMode,
    disputesAllowed: m.disputesAllowed,
    ...change,
  };
  return s.call('PUT', `/v1/merchants/${m.id}`, { token, body });
};
const setProvider = async (provider: string, body: Record<string, unknown>) =>
  s.call('PUT', `/v1/providers/${provider}`, {
    token: t.admin,
    headers: await confirm(s, t.admin, 'provider.update'),
    body,
  });

describe('the pay page offers the providers', () => {
  it('lists every usable provider on a new pay-in, with its source Manual', async () => {
    const id = await newPayin(500);
    expect(await page(id)).toMatchObject({
      status: 'INITIATED',
      source: 'Manual',
      intentProviders: ['razorpay', 'cashfree', 'payu'],
    });
  });
});

describe('RazorPay', () => {
  it('makes the order as documented, hands it over, and answers the same hand-off again', async () => {
    const id = await newPayin(1234.5);
    const made = await intent(id, { provider: 'razorpay' });
    expect(made.status).toBe(200);
    const data = made.body.data;
    expect(data).toEqual({
      provider: 'razorpay',
      keyId: stand.razorpay.keyId,
      orderId: expect.stringMatching(/^order_\w+$/),
      amount: 123450,
      currency: 'INR',
      name: 'Bolt Games',
    });
    const orders = ordersOf('razorpay').filter((o) => o.request.receipt === id);
    expect(orders).toHaveLength(1);
    expect(orders[0].request).toEqual({ amount: 123450, currency: 'INR', receipt: id, notes: { payinId: id } });
    expect(orders[0].headers['content-type']).toMatch(/^application\/json/);
    expect(orders[0].answer.id).toBe(data.orderId);

    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'ASSIGNED',
      source: 'RazorPay',
      providerOrderId: data.orderId,
      bankAccountId: null,
      amount: 123450,
    });
    expect(row.providerHandoff).toEqual(data);
    expect(row.assignedAt).not.toBeNull();
    const audits = await s.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'payins'), eq(auditEvents.entityId, id), eq(auditEvents.action, 'provider-intent')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0].actorName).toBe('customer');

    const again = await intent(id, { provider: 'razorpay' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(data);
    expect(ordersOf('razorpay').filter((o) => o.request.receipt === id)).toHaveLength(1);
    expect((await rowOf(id)).version).toBe(row.version);

    // Handed to RazorPay, the page offers only RazorPay: the customer does not pay twice.
    expect(await page(id)).toMatchObject({ status: 'ASSIGNED', source: 'RazorPay', intentProviders: ['razorpay'] });
    const other = await intent(id, { provider: 'cashfree' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(other.body.error.message).toContain('RazorPay');
  });

  it('makes one order when the customer asks twice at once', async () => {
    const id = await newPayin(700);
    const [a, b] = await Promise.all([intent(id, { provider: 'razorpay' }), intent(id, { provider: 'razorpay' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.orderId).toBe(b.body.data.orderId);
    expect(ordersOf('razorpay').filter((o) => o.request.receipt === id)).toHaveLength(1);
  });

  it('releases a bank account assigned before: the pay-in is handed over instead', async () => {
    const id = await newPayin(800);
    const assigned = await s.call('POST', `/v1/pay/${id}/assign`, { body: {} });
    expect(assigned.body.data.bank).not.toBeNull();
    const made = await intent(id, { provider: 'razorpay', amount: 800 });
    expect(made.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'ASSIGNED', source: 'RazorPay', bankAccountId: null });
    expect((await page(id)).bank).toBeNull();
    // The amount chosen on the page is kept: another one is refused.
    const changed = await intent(id, { provider: 'razorpay', amount: 900 });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('AMOUNT_CHOSEN');
  });
});

describe('CashFree', () => {
  it('makes the order in rupees with the documented headers; the customer enters the amount', async () => {
    const id = await newPayin(undefined, 'cust:42/ab@x.y');
    const missing = await intent(id, { provider: 'cashfree' });
    expect(missing.status).toBe(400);
    expect((await intent(id, { provider: 'cashfree', amount: 50 })).status).toBe(400);
    expect((await intent(id, { provider: 'cashfree', amount: 999.999 })).status).toBe(400);
    expect(ordersOf('cashfree').filter((o) => o.request.order_id === id)).toHaveLength(0);
    expect((await rowOf(id)).status).toBe('INITIATED');

    const made = await intent(id, { provider: 'cashfree', amount: 999.99 });
    expect(made.status).toBe(200);
    const [order] = ordersOf('cashfree').filter((o) => o.request.order_id === id);
    expect(made.body.data).toEqual({
      provider: 'cashfree',
      orderId: id,
      paymentSessionId: order.answer.payment_session_id,
      mode: 'sandbox',
    });
    expect(order.request).toMatchObject({
      order_id: id,
      order_amount: 999.99,
      order_currency: 'INR',
      customer_details: { customer_id: 'cust_42_ab_x_y', customer_phone: '9999999999' },
    });
    expect(order.headers).toMatchObject({
      'x-client-id': stand.cashfree.clientId,
      'x-api-version': '2023-08-01',
      'content-type': expect.stringMatching(/^application\/json/),
    });
    expect(await rowOf(id)).toMatchObject({
      status: 'ASSIGNED',
      source: 'CashFree',
      providerOrderId: id,
      amount: 99999,
    });

    const again = await intent(id, { provider: 'cashfree', amount: 999.99 });
    expect(again.body.data).toEqual(made.body.data);
    expect(ordersOf('cashfree').filter((o) => o.request.order_id === id)).toHaveLength(1);
  });

  it('reads back an order an earlier attempt made (its answer lost) instead of failing', async () => {
    const id = await newPayin(250);
    const earlier = await fetch(`${stand.url}/sandbox/pg/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': stand.cashfree.clientId,
        'x-client-secret': stand.cashfree.clientSecret,
        'x-api-version': '2023-08-01',
      },
      body: JSON.stringify({
        order_id: id,
        order_amount: 250,
        order_currency: 'INR',
        customer_details: { customer_id: 'cust-1', customer_phone: '9999999999' },
      }),
    });
    const session = ((await earlier.json()) as { payment_session_id: string }).payment_session_id;
    const made = await intent(id, { provider: 'cashfree' });
    expect(made.status).toBe(200);
    expect(made.body.data.paymentSessionId).toBe(session);
    expect(stand.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/pg/orders/${id}`))).toHaveLength(1);
  });
});

describe('PayU', () => {
  it('answers a form whose hash PayU can verify, with a txnid of at most 25 characters; no call made', async () => {
    const id = await newPayin(1234.5);
    const before = stand.requests.length;
    const made = await intent(id, { provider: 'payu' });
    expect(made.status).toBe(200);
    const { action, fields } = made.body.data;
    expect(made.body.data.provider).toBe('payu');
    expect(action).toBe(`${stand.url}/payu/_payment`);
    expect(fields.txnid).toBe(payuTxnidOf(id));
    expect(fields.txnid.length).toBeLessThanOrEqual(25);
    expect(payinIdOfTxnid(fields.txnid)).toBe(id);
    expect(fields).toMatchObject({ key: PAYU.keyId, amount: '1234.50', surl: `http://127.0.0.1/pay/${id}` });
    expect(fields.furl).toBe(fields.surl);
    for (const f of ['productinfo', 'firstname', 'email', 'phone']) expect(fields[f]).toBeTruthy();
    // sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
    const text = `${fields.key}|${fields.txnid}|${fields.amount}|${fields.productinfo}|${fields.firstname}|${fields.email}|||||||||||${PAYU.keySecret}`;
    expect(fields.hash).toBe(createHash('sha512').update(text).digest('hex'));
    expect(JSON.stringify(made.body)).not.toContain(PAYU.keySecret);
    expect(stand.requests.length).toBe(before);
    expect(await rowOf(id)).toMatchObject({ status: 'ASSIGNED', source: 'PayU', providerOrderId: fields.txnid });
  });
});

describe('a provider that fails', () => {
  it.each(['error', 'garbage'] as const)(
    '%s → 502 naming it; the pay-in is unchanged and can still be paid by bank transfer',
    async (failure) => {
      const id = await newPayin(600);
      const before = await rowOf(id);
      stand.fail.razorpay = failure;
      const res = await intent(id, { provider: 'razorpay' });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('PROVIDER_ERROR');
      expect(res.body.error.message).toContain('RazorPay');
      expect(JSON.stringify(res.body)).not.toContain(stand.razorpay.keySecret);
      expect(await rowOf(id)).toEqual(before);
      expect(await page(id)).toMatchObject({ status: 'INITIATED', source: 'Manual' });
      const assigned = await s.call('POST', `/v1/pay/${id}/assign`, { body: {} });
      expect(assigned.status).toBe(200);
      expect(assigned.body.data.bank).not.toBeNull();
    },
  );

  it('leaves a pay-in already assigned to a bank account as it was', async () => {
    const id = await newPayin(650);
    await s.call('POST', `/v1/pay/${id}/assign`, { body: {} });
    const before = await rowOf(id);
    stand.fail.cashfree = 'error';
    const res = await intent(id, { provider: 'cashfree' });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toContain('CashFree');
    expect(await rowOf(id)).toEqual(before);
    expect((await page(id)).bank).not.toBeNull();
  });

  it('that does not answer in time is an error too', async () => {
    stand.fail.razorpay = 'hang';
    const settings = await providerSettings(s.db, s.config.providers ?? {}, 'razorpay');
    const order = {
      payinId: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f',
      amountPaise: 10000,
      customerId: 'c',
      merchantOrderId: 'o',
      merchantName: 'm',
      payUrl: 'http://127.0.0.1/pay/x',
    };
    const failure = await createProviderOrder(settings, order, 100).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).statusCode).toBe(502);
    expect((failure as ProviderError).detail).toMatch(/no answer/);
  });
});

describe('when a provider is not offered', () => {
  const refused = async (id: string, provider: string) => {
    const res = await intent(id, { provider });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(res.body.error.message).toMatch(/not available/);
    expect((await rowOf(id)).status).toBe('INITIATED');
  };

  it('the merchant does not allow it: nothing offered, asking is refused', async () => {
    expect((await editMerchant('BOLT', { allowIntent: false })).status).toBe(200);
    try {
      const id = await newPayin(500);
      expect((await page(id)).intentProviders).toEqual([]);
      await refused(id, 'razorpay');
    } finally {
      await editMerchant('BOLT', { allowIntent: true });
    }
  });

  it('the merchant names another provider: only that one is offered', async () => {
    expect((await editMerchant('BOLT', { intentProvider: 'payu' })).status).toBe(200);
    try {
      const id = await newPayin(500);
      expect((await page(id)).intentProviders).toEqual(['payu']);
      await refused(id, 'razorpay');
      await refused(id, 'cashfree');
    } finally {
      await editMerchant('BOLT', { intentProvider: null });
    }
  });

  it('the provider is switched off or not configured', async () => {
    const id = await newPayin(500);
    expect((await setProvider('razorpay', { enabled: false })).status).toBe(200);
    expect((await setProvider('cashfree', { keySecret: '' })).status).toBe(200);
    try {
      expect((await page(id)).intentProviders).toEqual(['payu']);
      await refused(id, 'razorpay');
      await refused(id, 'cashfree');
    } finally {
      await setProvider('razorpay', { enabled: true });
      await setProvider('cashfree', { keySecret: stand.cashfree.clientSecret });
    }
    expect((await page(id)).intentProviders).toEqual(['razorpay', 'cashfree', 'payu']);
  });

  it('the link has expired or is no longer open', async () => {
    const id = await newPayin(500);
    await s.db
      .update(payins)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payins.id, id));
    expect((await page(id)).intentProviders).toEqual([]);
    const res = await intent(id, { provider: 'razorpay' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EXPIRED');

    const paid = await newPayin(500);
    await s.db.update(payins).set({ status: 'PENDING' }).where(eq(payins.id, paid));
    expect((await page(paid)).intentProviders).toEqual([]);
    expect((await intent(paid, { provider: 'razorpay' })).status).toBe(409);
    expect(stand.orders.filter((o) => o.request.receipt === id || o.request.receipt === paid)).toHaveLength(0);
  });

  it('an unknown pay-in or provider', async () => {
    expect((await intent('00000000-0000-4000-8000-000000000000', { provider: 'razorpay' })).status).toBe(404);
    const id = await newPayin(500);
    expect((await intent(id, { provider: 'stripe' })).status).toBe(400);
    expect((await intent(id, { provider: 'razorpay', extra: 1 })).status).toBe(400);
  });
});

describe("the merchant's switch", () => {
  it('shows on the merchant and only ADMIN changes it, audited', async () => {
    expect(await merchantView('ACME', t['merchant-admin'])).toMatchObject({ allowIntent: true, intentProvider: null });
    const refused = await editMerchant('ACME', { allowIntent: false }, t['merchant-admin']);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ADMIN_ONLY');
    expect(refused.body.error.message).toContain('Allow Intent');
    const provider = await editMerchant('ACME', { intentProvider: 'cashfree' }, t['merchant-admin']);
    expect(provider.status).toBe(403);
    expect(provider.body.error.message).toContain('Intent Provider');
    expect(await merchantView('ACME')).toMatchObject({ allowIntent: true, intentProvider: null });
    // Sent back unchanged, the merchant admin's other edits pass.
    const same = await editMerchant('ACME', { allowIntent: true, intentProvider: null }, t['merchant-admin']);
    expect(same.status).toBe(200);

    expect((await editMerchant('ACME', { intentProvider: 'stripe' })).status).toBe(400);
    const set = await editMerchant('ACME', { allowIntent: false, intentProvider: 'cashfree' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ allowIntent: false, intentProvider: 'cashfree' });
    const [event] = await s.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'merchants'), eq(auditEvents.action, 'update')))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(event.before).toMatchObject({ allowIntent: true, intentProvider: null });
    expect(event.after).toMatchObject({ allowIntent: false, intentProvider: 'cashfree' });
    // Omitted, they stay.
    expect((await editMerchant('ACME', { name: 'Acme Retail' })).body.data).toMatchObject({
      allowIntent: false,
      intentProvider: 'cashfree',
    });
    await editMerchant('ACME', { allowIntent: true, intentProvider: null });
  });
});
