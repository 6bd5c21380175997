import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let s: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  s = await startServer();
  for (const user of [
    'admin',
    'transactions',
    'operations',
    'merchant',
    'merchant-admin',
    'merchant-operations',
    'vendor',
    'vendor-operations',
  ]) {
    tokens[user] = await s.login(user);
  }
});
afterAll(() => s?.close());

const list = async (user: string, query = '') => {
  const res = await s.call('GET', `/v1/getall-merchant${query}`, { token: tokens[user] });
  return { status: res.status, body: res.body, codes: res.body?.data?.merchants?.map((m: { code: string }) => m.code) };
};

describe('GET /v1/getall-merchant (SPEC §7)', () => {
  it.each(['admin', 'transactions', 'operations'])('gives %s every merchant in data.merchants', async (user) => {
    const res = await list(user);
    expect(res.status).toBe(200);
    expect(res.codes).toEqual(['ACME', 'ACME-KIDS', 'BOLT', 'CRISP']);
    expect(res.body.data.total).toBe(4);
  });

  it('filters staff lists by merchantCode (comma list)', async () => {
    expect((await list('admin', '?merchantCode=BOLT,CRISP')).codes).toEqual(['BOLT', 'CRISP']);
  });

  it.each([
    ['merchant', '', ['BOLT']],
    ['merchant', '?merchantCode=ACME', []],
    ['merchant', '?merchantCode=ACME,BOLT', ['BOLT']],
    ['merchant-operations', '?merchantCode=CRISP', []],
    ['merchant-admin', '', ['ACME', 'ACME-KIDS']],
    ['merchant-admin', '?merchantCode=BOLT', []],
    ['merchant-admin', '?merchantCode=ACME-KIDS', ['ACME-KIDS']],
  ])('holds %s to its own codes (query %s)', async (user, query, codes) => {
    const res = await list(user, query);
    expect(res.status).toBe(200);
    expect(res.codes).toEqual(codes);
  });

  it.each(['vendor', 'vendor-operations'])('refuses %s with 403', async (user) => {
    const res = await list(user);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('requires a valid token', async () => {
    expect((await s.call('GET', '/v1/getall-merchant')).status).toBe(401);
    expect((await s.call('GET', '/v1/getall-merchant', { token: 'garbage' })).status).toBe(401);
  });

  it('pages, and caps the page size at 1000 instead of failing', async () => {
    const first = await list('admin', '?pageSize=1&page=2');
    expect(first.codes).toEqual(['ACME-KIDS']);
    expect(first.body.data.total).toBe(4);
    expect((await list('admin', '?pageSize=50000')).codes).toHaveLength(4);
    expect((await list('admin', '?pageSize=0')).status).toBe(400);
    expect((await list('admin', '?page=abc')).status).toBe(400);
  });

  it('never exposes keys or secrets', async () => {
    const res = await s.call('GET', '/v1/getall-merchant', { token: tokens.admin });
    expect(JSON.stringify(res.body)).not.toMatch(/apiKey|secret|hash/i);
    expect(res.body.data.merchants[1]).toMatchObject({
      code: 'ACME-KIDS',
      parentCode: 'ACME',
      minPayin: 100,
      payinFeePercent: 2.5,
    });
  });
});
