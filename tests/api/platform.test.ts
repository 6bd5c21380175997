import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Payment-Gateway</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'pay.html'), '<!doctype html><title>Pay</title><div id="pay"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
fs.writeFileSync(
  path.join(dist, 'assets', 'big-def456.js'),
  `export const text = ${JSON.stringify('payment '.repeat(2000))};`,
);

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ distDir: dist, providers: { payu: { apiBase: 'http://127.0.0.1:4999/payu' } } });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('platform', () => {
  it('GET /v1/health checks the database', async () => {
    const res = await s.call('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('answers unknown /v1 paths with the JSON error shape', async () => {
    const res = await s.call('GET', '/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { message: 'API route not found.', code: 'NOT_FOUND' } });
    expect((await s.call('POST', '/v1/no-such-thing', { body: {} })).status).toBe(404);
  });

  it('falls back to the dashboard for unknown pages and serves hashed assets for a year', async () => {
    for (const page of ['/', '/app/dashboard', '/app/deposit/all', '/reset-password?token=x', '/anything']) {
      const res = await s.call('GET', page);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await s.call('GET', '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await s.call('GET', '/assets/missing.js')).status).toBe(404);
  });

  it('gives the pay page a policy that lets it hand the customer to a provider, and the dashboard none of that', async () => {
    const pay = await s.call('GET', '/pay/6f1c2d3e-4a5b-4c6d-8e7f-901234567890');
    expect(pay.body).toContain('<div id="pay">');
    const policy = pay.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self' https://checkout.razorpay.com https://sdk.cashfree.com");
    expect(policy).toContain("form-action 'self' http://127.0.0.1:4999");
    expect(policy).toContain("object-src 'none'");
    const dashboard = (await s.call('GET', '/app/dashboard')).headers.get('content-security-policy')!;
    expect(dashboard).toContain("script-src 'self';");
    expect(dashboard).not.toContain('razorpay');
    expect(dashboard).toContain("form-action 'self';");
  });

  it('sends a customer whom a provider posts back to the pay page on to the page itself (303), believing nothing posted', async () => {
    const page = '/pay/6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
    const res = await fetch(`${s.url}${page}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=success&txnid=abc&amount=100.00&hash=x',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(page);
    const other = await fetch(`${s.url}/pay/not-a-pay-in`, { method: 'POST', redirect: 'manual' });
    expect(other.status).toBe(404);
  });

  it('compresses what is worth compressing', async () => {
    const res = await s.call('GET', '/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.body).toContain('payment payment');
    const plain = await s.call('GET', '/assets/big-def456.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('sends security headers and a request id', async () => {
    const res = await s.call('GET', '/v1/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect((await s.call('GET', '/v1/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await s.call('GET', '/v1/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/login',
        '/v1/logout',
        '/v1/getall-merchant',
        '/v1/on-boarding',
        '/v1/forgot-password',
        '/v1/reset-password',
        '/v1/health',
      ]),
    );
    expect(res.body.paths['/v1/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'userName',
      'password',
    ]);
  });

  it('refuses a body that is not JSON with a readable 4xx', async () => {
    const res = await fetch(`${s.url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
  });
});

describe('failures inside the server', () => {
  it('never leak SQL or a stack, and health reports the database down', async () => {
    const other = await startServer({ distDir: dist });
    const token = await other.login('admin');
    await other.closeDatabase();
    const health = await other.call('GET', '/v1/health');
    expect(health.status).toBe(503);
    const res = await other.call('GET', '/v1/getall-merchant', { token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
    });
    await other.app.close();
  });
});
