import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

/** Issue 15, item 5: every page and answer carries a strict policy and the browser's other protections. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Payment-Gateway</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'pay.html'), '<!doctype html><title>Pay</title><div id="pay"></div>');

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ distDir: dist, providers: { payu: { apiBase: 'http://127.0.0.1:4999/payu' } } });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A Content-Security-Policy as directive → sources. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

const PAY_PAGE = '/pay/6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const DOCUMENTS = [
  ['the dashboard', '/login'],
  ['a dashboard screen', '/app/deposit/all'],
  ['the pay page', PAY_PAGE],
] as const;
const API_ANSWERS = [
  ['the API', '/v1/health'],
  ['an API error', '/v1/merchants'],
  ['an unknown API route', '/v1/no-such-thing'],
] as const;

/** What every answer, page or data, tells the browser. */
const expectBaseline = (res: { headers: Headers }) => {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security')!)![1])).toBeGreaterThanOrEqual(
    180 * 24 * 3600,
  );
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
};

describe.each(DOCUMENTS)('%s (%s)', (_what, page) => {
  it('carries a strict Content-Security-Policy', async () => {
    const res = await s.call('GET', page);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(["'none'", "'self'"]).toContain(csp.get('frame-ancestors')?.join(' '));
    const scripts = csp.get('script-src') ?? csp.get('default-src')!;
    expect(scripts[0]).toBe("'self'");
    expect(scripts.filter((source) => /unsafe|^\*$|^https?:$|^data:$/.test(source))).toEqual([]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('tells the browser not to sniff, frame, leak the referrer or share its window, and to keep to https', async () => {
    const res = await s.call('GET', page);
    expectBaseline(res);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});

describe.each(API_ANSWERS)('%s (%s)', (_what, page) => {
  it('allows nothing as a document, may not be framed, sniffed or read by another origin, and keeps to https', async () => {
    const res = await s.call('GET', page);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(Object.fromEntries(csp)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expectBaseline(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("carries none of a document's headers: data has no scripts, windows or downloads to govern", async () => {
    const res = await s.call('GET', page);
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-xss-protection',
    ])
      expect(res.headers.get(name), name).toBeNull();
  });
});

it('lets only the pay page reach the providers it hands customers to', async () => {
  const pay = directives((await s.call('GET', PAY_PAGE)).headers.get('content-security-policy'));
  const dashboard = directives((await s.call('GET', '/login')).headers.get('content-security-policy'));
  expect(pay.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://sdk.cashfree.com']);
  expect(dashboard.get('script-src')).toEqual(["'self'"]);
  // Inline styles only: the dashboard's component library writes its styles into <style> tags.
  expect(dashboard.get('style-src')).toContain("'unsafe-inline'");
  // Images its own script fetched with the token (a pay-in's screenshot) are blob: URLs; the pay page
  // shows none.
  expect(dashboard.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(pay.get('img-src')).toEqual(["'self'", 'data:']);
});

it('the live events stream, written by the route itself, carries them too', async () => {
  const token = await s.login('admin');
  const stop = new AbortController();
  const res = await fetch(`${s.url}/v1/events?topics=payins`, {
    headers: { authorization: `Bearer ${token}` },
    signal: stop.signal,
  });
  try {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(res.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
  } finally {
    stop.abort();
  }
});
