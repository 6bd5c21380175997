import { describe, expect, it } from 'vitest';
import { MAX_PREFERENCES } from '../../domain/preferences';
import { demoServerPerFile } from '../support/server';

/** Issue 31, item 10: each user's preferences kept on the server, their own and of a known shape. */
const demo = demoServerPerFile();

const path = (key: string) => `/v1/me/preferences/${encodeURIComponent(key)}`;
const read = async (token: string) => {
  const res = await demo.s.call('GET', '/v1/me/preferences', { token });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>;
};
const keep = (token: string, key: string, value: unknown) => demo.s.call('PUT', path(key), { token, body: { value } });

describe("a user's preferences", () => {
  it('keeps theme, language, page size, columns, Live and saved filters, and reads them back', async () => {
    const { t } = demo;
    const kept = {
      theme: 'dark',
      locale: 'hi',
      'sidebar.open': false,
      'deposit/progress.listParams': { perPage: 50 },
      'payins.datatable': ['customerId', 'createdAt'],
      'payins.datatable_columnRanks': [2, 0, 1],
      'payins.live': false,
      'reports.payins.listParams': { perPage: 100 },
      'payouts.savedQueries': [{ label: 'Big ones', value: { filter: { amountFrom: 50000 }, sort: {} } }],
    };
    for (const [key, value] of Object.entries(kept)) {
      const res = await keep(t.operations, key, value);
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(await read(t.operations)).toEqual(kept);
    // Another user's are their own.
    expect(await read(t.transactions)).toEqual({});
  });

  it('writes one key at a time: a second write replaces it, a delete forgets it', async () => {
    const { s, t } = demo;
    expect((await keep(t.merchant, 'theme', 'dark')).status).toBe(200);
    expect((await keep(t.merchant, 'payins.live', true)).status).toBe(200);
    expect((await keep(t.merchant, 'theme', 'light')).status).toBe(200);
    expect(await read(t.merchant)).toEqual({ theme: 'light', 'payins.live': true });
    expect((await s.call('DELETE', path('theme'), { token: t.merchant, body: {} })).status).toBe(200);
    expect(await read(t.merchant)).toEqual({ 'payins.live': true });
  });

  it('refuses keys it does not keep and values of the wrong shape, changing nothing', async () => {
    const { t } = demo;
    const before = await read(t.vendor);
    const refused: [string, unknown][] = [
      ['token', 'abc'],
      ['theme', 'purple'],
      ['locale', 'fr'],
      ['payins.listParams', { perPage: 1000 }],
      ['payins.listParams', { filter: { status: 'SUCCESS' } }],
      ['payins.live', 'yes'],
      ['payins.datatable', ['<script>']],
      ['payins.savedQueries', [{ label: '', value: {} }]],
      ['payins.savedQueries', Array.from({ length: 21 }, (_, i) => ({ label: `q${i}`, value: {} }))],
      ['payins.savedQueries', [{ label: 'long', value: { filter: { q: 'x'.repeat(9000) } } }]],
    ];
    for (const [key, value] of refused) {
      const res = await keep(t.vendor, key, value);
      expect(res.status, `${key} ${JSON.stringify(value).slice(0, 80)}`).toBe(400);
      expect(res.body.error.message).toMatch(/preference|kept|keep/);
    }
    expect(await read(t.vendor)).toEqual(before);
  });

  it(`keeps at most ${MAX_PREFERENCES} keys, also when the writes race`, async () => {
    const { t } = demo;
    const lists = Array.from({ length: MAX_PREFERENCES + 10 }, (_, i) => `list${i}.live`);
    const answers = await Promise.all(lists.map((key) => keep(t['merchant-admin'], key, true)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(MAX_PREFERENCES);
    expect(Object.keys(await read(t['merchant-admin']))).toHaveLength(MAX_PREFERENCES);
    // An existing key can still change.
    expect((await keep(t['merchant-admin'], 'list0.live', false)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const { s } = demo;
    expect((await s.call('GET', '/v1/me/preferences')).status).toBe(401);
    expect((await s.call('PUT', path('theme'), { body: { value: 'dark' } })).status).toBe(401);
  });
});
