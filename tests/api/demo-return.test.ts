import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../server/db/schema';
import { pointDemoMerchantsAt } from '../../server/demo/demo-urls';
import { assignedBank, assignedPayin, merchantKey, utrOf } from '../support/deposits';
import { demoServerPerFile } from '../support/server';

/**
 * Issue 13, item 4: the demo merchants send their customers back to a page the product serves,
 * which shows the order id and status the pay page passed back.
 */
const demo = demoServerPerFile({ seedDemo: true, allowPrivateCallbackUrls: true });
const DEMO_CODES = ['ACME', 'ACME-KIDS', 'BOLT', 'CRISP'];
const returnUrls = async () =>
  Object.fromEntries(
    (
      await demo.s.db
        .select({ code: merchants.code, url: merchants.returnUrl })
        .from(merchants)
        .where(inArray(merchants.code, DEMO_CODES))
    ).map((m) => [m.code, m.url]),
  );

describe('the demo return page', () => {
  it('is served by the product and shows the order id and status it was given, as text', async () => {
    const page = await fetch(`${demo.s.url}/demo/return?merchantOrderId=ord-%3Cb%3E-1&status=SUCCESS`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('ord-&lt;b&gt;-1');
    expect(html).not.toContain('<b>');
    expect(html).toContain('SUCCESS');
    const bare = await (await fetch(`${demo.s.url}/demo/return`)).text();
    expect(bare).toContain('No order id was passed back');
  });

  it('is where the demo merchants point, on this server, and a URL staff changed is left alone', async () => {
    await pointDemoMerchantsAt(demo.s.db, 'http://localhost:8123');
    expect(await returnUrls()).toEqual(
      Object.fromEntries(DEMO_CODES.map((code) => [code, 'http://localhost:8123/demo/return'])),
    );
    await demo.s.db
      .update(merchants)
      .set({ returnUrl: 'https://crisp.example/thanks' })
      .where(eq(merchants.code, 'CRISP'));
    await pointDemoMerchantsAt(demo.s.db, 'http://localhost:9000');
    expect(await returnUrls()).toMatchObject({
      BOLT: 'http://localhost:9000/demo/return',
      CRISP: 'https://crisp.example/thanks',
    });
  });

  it("is given the order id and status of a paid pay-in when its customer goes back to the merchant's page", async () => {
    const { s, t } = demo;
    await pointDemoMerchantsAt(s.db, s.url);
    const p = await assignedPayin(s, await merchantKey(s, 'BOLT'), 300);
    const utr = utrOf(3);
    const body = { bankAccountId: await assignedBank(s, p.id), utr, amount: 300 };
    expect((await s.call('POST', '/v1/bank-entries', { token: t.operations, body })).status).toBe(201);
    expect((await s.call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } })).body.data.status).toBe('SUCCESS');
    const view = await s.call('GET', `/v1/pay/${p.id}`);
    const back = new URL(view.body.data.returnUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${s.url}/demo/return`);
    expect(Object.fromEntries(back.searchParams)).toEqual({ merchantOrderId: p.merchantOrderId, status: 'SUCCESS' });
    const page = await (await fetch(back)).text();
    expect(page).toContain(p.merchantOrderId);
  });
});
