import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payins } from '../../server/db/schema';
import { payuTxnidOf, type Provider } from '../../domain/providers';
import { demoServerPerFile } from '../support/server';
import { runsFor } from '../support/depth';
import { createPayin, merchantKey, orderId } from '../support/deposits';
import {
  PROVIDER_ACCOUNTS,
  cashfreeEvent,
  payuFields,
  payuHash,
  razorpayEvent,
  sendWebhook,
  signCashfree,
  signRazorpay,
  signedCashfree,
  signedPayu,
  signedRazorpay,
  type Signed,
} from '../support/provider-signing';

/**
 * Issue 14, item 7: whatever reaches a webhook route (mutations of a signed body, random headers,
 * random JSON and forms) is answered below 500, and nothing moves money unless it is validly signed.
 */
const demo = demoServerPerFile({
  providers: PROVIDER_ACCOUNTS,
  webhookRateLimitPerMinute: 1_000_000,
  webhookUnverifiedRateLimitPerMinute: 1_000_000,
});

/** A validly signed capture per provider, for pay-ins waiting for it. */
const genuine = {} as Record<Provider, Signed>;
beforeAll(async () => {
  const key = await merchantKey(demo.s, 'BOLT');
  const payin = async () =>
    (await createPayin(demo.s, key, { merchantOrderId: orderId('fuzz'), customerId: 'c-fuzz', amount: 321.45 })).body
      .data.id as string;
  const [r, c, p] = [await payin(), await payin(), await payin()];
  await demo.s.db.update(payins).set({ source: 'RazorPay', providerOrderId: 'order_fuzz1' }).where(eq(payins.id, r));
  genuine.razorpay = signedRazorpay(
    razorpayEvent('payment.captured', {
      orderId: 'order_fuzz1',
      paymentId: 'pay_fuzz1',
      amount: '32145',
      utr: '123456789012',
    }),
    'evt_fuzz1',
  );
  genuine.cashfree = signedCashfree(
    cashfreeEvent('SUCCESS', { orderId: c, paymentId: '777001', amount: '321.45', utr: '123456789013' }),
    // Far enough ahead of now (within the 5 minutes) that the test's run cannot make it stale.
    { timestamp: Date.now() + 2 * 60_000 },
  );
  genuine.payu = signedPayu(
    payuFields('success', { orderId: payuTxnidOf(p), paymentId: '888001', amount: '321.45', utr: '123456789014' }),
  );
});

/** The test's own verdict, from the providers' rules (reference §1): is this request validly signed? */
const validlySigned = (provider: Provider, { body, headers }: Signed): boolean => {
  if (provider === 'razorpay') return headers['x-razorpay-signature'] === signRazorpay(body);
  if (provider === 'cashfree') {
    const ts = headers['x-webhook-timestamp'];
    return (
      ts !== undefined &&
      /^\d+$/.test(ts) &&
      Math.abs(Date.now() - Number(ts)) < 4 * 60_000 &&
      headers['x-webhook-signature'] === signCashfree(body, ts)
    );
  }
  const form = new URLSearchParams(body);
  const fields = Object.fromEntries([...form.keys()].map((k) => [k, form.get(k)!]));
  return (
    form.getAll('hash').length === 1 &&
    form.get('key') === PROVIDER_ACCOUNTS.payu.keyId &&
    form.get('hash')!.toLowerCase() === payuHash(fields)
  );
};

const moneyState = async () =>
  (
    await demo.s.db.execute(sql`
      SELECT (SELECT count(*) FROM ledger_entries) AS entries,
        (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM payins) AS payins,
        (SELECT count(*) FROM audit_events WHERE entity = 'payins') AS steps`)
  ).rows[0];

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,80}$/).map((s) => s.trim());
const headerName = fc.constantFrom(
  'x-razorpay-signature',
  'x-razorpay-event-id',
  'x-webhook-signature',
  'x-webhook-timestamp',
  'x-idempotency-key',
  'content-type',
  'x-custom',
);
const contentType = fc.constantFrom(
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/json; charset=utf-8',
  'multipart/form-data; boundary=x',
);
const text = fc.string({ unit: 'binary', maxLength: 40 });

/** A signed body changed a little: a character replaced, text inserted, a part cut out or the end lost. */
const mutation = (body: string) =>
  fc.oneof(
    fc.tuple(fc.nat(body.length - 1), text).map(([i, s]) => body.slice(0, i) + s + body.slice(i + 1)),
    fc.tuple(fc.nat(body.length), text).map(([i, s]) => body.slice(0, i) + s + body.slice(i)),
    fc.tuple(fc.nat(body.length), fc.nat(40)).map(([i, k]) => body.slice(0, i) + body.slice(i + k + 1)),
    fc.nat(body.length - 1).map((i) => body.slice(0, i)),
    fc.constantFrom(body.replace('321.45', '321.46'), body.replace('32145', '32146'), body.replace(/"/g, "'")),
  );

/** A random request to the route: each kind of mischief, and validly signed nonsense too. */
const request = (provider: Provider): fc.Arbitrary<Signed> => {
  const base = genuine[provider];
  const sign = (body: string): Signed =>
    provider === 'razorpay'
      ? signedRazorpay(body)
      : provider === 'cashfree'
        ? signedCashfree(body)
        : { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  const randomForm = fc
    .dictionary(
      fc.constantFrom('mihpayid', 'status', 'txnid', 'amount', 'key', 'hash', 'bank_ref_num', 'udf1', 'x'),
      text,
    )
    .map((fields) => new URLSearchParams(fields).toString());
  const signedForm = fc
    .record({
      mihpayid: fc.string({ maxLength: 30 }),
      status: fc.constantFrom('success', 'failure', 'pending', ''),
      txnid: fc.oneof(fc.stringMatching(/^[0-9a-z]{1,30}$/), text),
      amount: fc.oneof(fc.constantFrom('40.00', '1e3', '-1', '0.001', '99999999999999999', 'NaN', ''), text),
    })
    .map((f) => {
      const fields = { ...payuFields(f.status, { orderId: f.txnid, paymentId: f.mihpayid, amount: f.amount }) };
      return { body: new URLSearchParams({ ...fields, hash: payuHash(fields) }).toString(), headers: base.headers };
    });
  const structured =
    provider === 'payu'
      ? signedForm
      : fc
          .record({
            event: fc.constantFrom('payment.captured', 'order.paid', 'payment.failed', 'payment.authorized', '', 'x'),
            status: fc.constantFrom('SUCCESS', 'FAILED', 'USER_DROPPED', 'PENDING'),
            order: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
            paymentId: fc.stringMatching(/^[0-9]{1,20}$/),
            amount: fc.constantFrom(
              '1',
              '0',
              '-5',
              '1.5',
              '1e400',
              '12345678901234567890',
              '"10.00"',
              'null',
              '[]',
              '{}',
            ),
          })
          .map((f) =>
            sign(
              provider === 'razorpay'
                ? razorpayEvent(f.event, { orderId: f.order, paymentId: f.paymentId, amount: f.amount })
                : cashfreeEvent(f.status as 'SUCCESS', { orderId: f.order, paymentId: f.paymentId, amount: f.amount }),
            ),
          );
  return fc.oneof(
    { weight: 4, arbitrary: mutation(base.body).map((body) => ({ body, headers: base.headers })) },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(headerName, headerValue, { maxKeys: 5 })
        .map((headers) => ({ body: base.body, headers: { ...base.headers, ...headers } })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.json({ maxDepth: 4 }), randomForm, text),
          contentType,
          fc.dictionary(headerName, headerValue),
        )
        .map(([body, type, headers]) => ({ body, headers: { ...headers, 'content-type': type } })),
    },
    { weight: 2, arbitrary: fc.oneof(fc.json({ maxDepth: 4 }).map(sign), structured) },
  );
};

/** Batches of ten requests per provider: 2,000 requests in the deep stage. */
const BATCHES = runsFor(200, 40);

describe.each(['razorpay', 'cashfree', 'payu'] as const)('fuzzing /v1/webhooks/%s', (provider) => {
  it('answers below 500 to everything, and moves no money without a valid signature', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request(provider), { minLength: 10, maxLength: 10 }), async (batch) => {
        const before = await moneyState();
        const results = await Promise.all(batch.map((r) => sendWebhook(demo.s, provider, r)));
        sent += batch.length;
        const signed = batch.map((r) => validlySigned(provider, r));
        for (const [i, res] of results.entries()) {
          expect(res.status).toBeLessThan(500);
          if (signed[i]) expect(res.status).toBe(200);
          else expect([401, 413]).toContain(res.status);
        }
        if (!signed.some(Boolean)) expect(await moneyState()).toEqual(before);
      }),
      { numRuns: BATCHES },
    );
    expect(sent).toBe(BATCHES * 10);
    // The genuine capture still applies after all that (unless a mutation happened to keep it valid).
    const res = await sendWebhook(demo.s, provider, genuine[provider]);
    expect(['applied', 'duplicate']).toContain(res.body.data.outcome);
  }, 60_000);
});
