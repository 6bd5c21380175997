import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from './storageKeys';
import { preferencesStore } from './preferencesStore';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let kept: Record<string, unknown>;
const sent = () =>
  fetchMock.mock.calls
    .map(([url, init]) => [(init as RequestInit).method, decodeURIComponent(String(url)), (init as RequestInit).body])
    .filter(([method]) => method !== 'GET');

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'token');
  kept = { theme: 'dark', 'merchant.listParams': { perPage: 50 } };
  fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
    init.method === 'GET' ? json({ data: kept }) : json({ data: { message: 'ok' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the preferences store', () => {
  it("loads the user's kept preferences, a list's page size merged into what the tab holds", async () => {
    const store = preferencesStore();
    store.setup();
    store.setItem('merchant.listParams', { page: 3, perPage: 25, sort: 'name' });
    await store.load('u1');
    expect(store.loadedFor('u1')).toBe(true);
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('merchant.listParams')).toEqual({ filter: {}, page: 3, perPage: 50, sort: 'name' });
  });

  it('sends a kept key once after a burst of changes, and nothing for keys it does not keep', async () => {
    const store = preferencesStore();
    store.setup();
    await store.load('u1');
    fetchMock.mockClear();
    store.setItem('theme', 'light');
    store.setItem('theme', 'dark');
    store.setItem('theme', 'light');
    store.setItem('merchant.selectedIds', ['a']);
    store.setItem('merchant.listParams', { page: 2, perPage: 50 });
    store.setItem('payouts.listParams', { page: 1, perPage: 100, filter: { status: 'SUCCESS' } });
    await store.flush();
    expect(sent()).toEqual([
      ['PUT', '/v1/me/preferences/theme', JSON.stringify({ value: 'light' })],
      ['PUT', '/v1/me/preferences/payouts.listParams', JSON.stringify({ value: { perPage: 100 } })],
    ]);
  });

  it('sends nothing when a change comes back to what is kept', async () => {
    const store = preferencesStore();
    store.setup();
    await store.load('u1');
    fetchMock.mockClear();
    store.setItem('theme', 'light');
    store.setItem('theme', 'dark');
    await store.flush();
    expect(sent()).toEqual([]);
  });

  it('forgets a removed key on the server', async () => {
    const store = preferencesStore();
    store.setup();
    await store.load('u1');
    fetchMock.mockClear();
    store.removeItem('theme');
    await store.flush();
    expect(sent()).toEqual([['DELETE', '/v1/me/preferences/theme', '{}']]);
  });

  it("never carries one user's choices to the next, and reset forgets them", async () => {
    const store = preferencesStore();
    store.setup();
    await store.load('u1');
    store.setItem('payins.live', false);
    kept = {};
    await store.load('u2');
    expect(store.getItem('theme')).toBeUndefined();
    expect(store.getItem('payins.live')).toBeUndefined();
    store.reset();
    expect(store.loadedFor('u2')).toBe(false);
    await store.flush();
    expect(sent()).toEqual([]);
  });
});
