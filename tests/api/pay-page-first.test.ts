import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { merchants } from '../../server/db/schema';
import { assignedPayin, createPayin, merchantKey, orderId } from '../support/deposits';
import { demoServerPerFile } from '../support/server';

/**
 * Issue 33: the pay page is born with its pay-in (one round trip after the page), and its QR is
 * drawn by the server from the pay-in's own link.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-pay-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'pay.html'), '<!doctype html><title>Pay</title><body><div id="root"></div></body>');
const demo = demoServerPerFile({ distDir: dist });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The page of a pay-in, and the state written into it. */
const pageOf = async (id: string) => {
  const res = await fetch(`${demo.s.url}/pay/${id}`);
  const html = await res.text();
  const block = /<script id="pay-state" type="application\/json">(.*?)<\/script>/s.exec(html);
  return { res, html, state: block ? JSON.parse(block[1]) : null };
};

describe('the pay page as it is served', () => {
  it('carries the pay-in exactly as its API answers it, and the server clock', async () => {
    const key = await merchantKey(demo.s, 'BOLT');
    const created = await createPayin(demo.s, key, { merchantOrderId: orderId(), customerId: 'c-1', amount: 640 });
    const id = created.body.data.id as string;
    const before = Date.now();
    const { res, html, state } = await pageOf(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<div id="root"></div>');
    const api = await demo.s.call('GET', `/v1/pay/${id}`);
    expect(state).toMatchObject({ status: 200, data: api.body.data });
    expect(state.serverTime).toBeGreaterThanOrEqual(before);
  });

  it('says a pay-in that does not exist is not found', async () => {
    const { res, state } = await pageOf('6f1c2d3e-4a5b-4c6d-8e7f-901234567890');
    expect(res.status).toBe(200);
    expect(state).toEqual({ status: 404, serverTime: expect.any(Number) });
  });

  it("escapes a merchant's text so it cannot end the block", async () => {
    await demo.s.db
      .update(merchants)
      .set({ name: 'Crisp </script><script>alert(1)</script>' })
      .where(eq(merchants.code, 'CRISP'));
    const key = await merchantKey(demo.s, 'CRISP');
    const created = await createPayin(demo.s, key, { merchantOrderId: orderId(), customerId: 'c-2', amount: 500 });
    const { html, state } = await pageOf(created.body.data.id);
    expect(html).not.toContain('<script>alert(1)');
    expect(state.data.merchantName).toBe('Crisp </script><script>alert(1)</script>');
  });

  it('leaves other paths to the console', async () => {
    const res = await fetch(`${demo.s.url}/pay/not-a-pay-in`);
    expect(await res.text()).toContain('<title>Console</title>');
  });
});

describe("the pay-in's QR image", () => {
  it('is the SVG of the link the pay-in shows, once assigned', async () => {
    const key = await merchantKey(demo.s, 'BOLT');
    const created = await createPayin(demo.s, key, { merchantOrderId: orderId(), customerId: 'c-3', amount: 500 });
    const early = await demo.s.call('GET', `/v1/pay/${created.body.data.id}/qr.svg`);
    expect(early.status).toBe(404);

    const payin = await assignedPayin(demo.s, key, 725);
    const link = (await demo.s.call('GET', `/v1/pay/${payin.id}`)).body.data.bank.upiLink as string;
    expect(link).toMatch(/^upi:\/\/pay\?/);
    const res = await fetch(`${demo.s.url}/v1/pay/${payin.id}/qr.svg?v=k1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toBe(await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
  });

  it('refuses a key that is not one', async () => {
    const res = await fetch(`${demo.s.url}/v1/pay/6f1c2d3e-4a5b-4c6d-8e7f-901234567890/qr.svg?v=%3Cx%3E`);
    expect(res.status).toBe(400);
  });
});
