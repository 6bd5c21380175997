import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ROOT, del, get, getWithHeaders, post, postWithHeaders, put } from './http';
import { TOKEN_KEY } from '../session/storageKeys';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

/** The url and init of the n-th fetch call. */
const call = (n = 0) => {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, init, headers: (init.headers ?? {}) as Record<string, string> };
};

beforeEach(() => {
  fetchMock = vi.fn(async () => json({ data: {} }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calls with a stored credential', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'token-1'));

  it('sends the bearer credential, the allowed methods and a JSON content type', async () => {
    await get('/payins', { page: 1 });
    const { url, init, headers } = call();
    expect(url).toBe(`${API_ROOT}/payins?page=1`);
    expect(init.method).toBe('GET');
    expect(headers).toEqual({
      Authorization: 'Bearer token-1',
      'Access-Control-Allow-Methods': 'PUT,DELETE,POST,GET,OPTION',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBeUndefined();
  });

  it('sends POST and PUT bodies as JSON', async () => {
    await post('/merchants', { code: 'M1' });
    await put('/merchants/1', { name: 'Shop' });
    expect(call(0).init).toMatchObject({ method: 'POST', body: '{"code":"M1"}' });
    expect(call(1).init).toMatchObject({ method: 'PUT', body: '{"name":"Shop"}' });
    expect(call(1).headers['Content-Type']).toBe('application/json');
  });

  it('sends an empty JSON object when a POST has no body', async () => {
    await post('/payouts/1/approve');
    expect(call().init.body).toBe('{}');
  });

  it('sends a DELETE body as JSON, an empty object when none is given', async () => {
    await del('/users/1');
    await del('/users/2', { reason: 'left' });
    expect(call(0).init).toMatchObject({ method: 'DELETE', body: '{}' });
    expect(call(1).init.body).toBe('{"reason":"left"}');
  });

  it('sends multipart form data without setting the content type', async () => {
    const file = new File(['x'], 'slip.png', { type: 'image/png' });
    await post(
      '/bank-entries/upload',
      { bank: 'Bank A', amount: 10, file, tags: ['a', 'b'], skip: null, picked: { rawFile: file, title: 't' } },
      true,
    );
    const { init, headers } = call();
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect(form.get('bank')).toBe('Bank A');
    expect(form.get('amount')).toBe('10');
    expect((form.get('file') as File).name).toBe('slip.png');
    expect((form.get('picked') as File).name).toBe('slip.png');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(form.has('skip')).toBe(false);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer token-1');
  });

  it('sends multipart on PUT too', async () => {
    await put('/vendors/1', { name: 'V' }, true);
    expect(call().init.body).toBeInstanceOf(FormData);
  });
});

describe('calls without a stored credential', () => {
  it('send no credential headers', async () => {
    await get('/health');
    expect(call().headers).toEqual({});
  });

  it('still declare JSON for a JSON body', async () => {
    await post('/login', { userName: 'a', password: 'b' });
    expect(call().headers).toEqual({ 'Content-Type': 'application/json' });
    expect(call().init.body).toBe('{"userName":"a","password":"b"}');
  });
});

describe('calls with caller-supplied headers', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'token-1'));

  it('GET sends only those headers and the query', async () => {
    await getWithHeaders('/merchant-api/payins', { 'x-api-key': 'k' }, { status: ['SUCCESS'] });
    expect(call().url).toBe('/v1/merchant-api/payins?status=SUCCESS');
    expect(call().headers).toEqual({ 'x-api-key': 'k' });
  });

  it('POST sends only those headers plus the JSON content type', async () => {
    await postWithHeaders('/merchant-api/payins', { amount: 100 }, { 'x-api-key': 'k' });
    expect(call().headers).toEqual({ 'x-api-key': 'k', 'Content-Type': 'application/json' });
  });

  it('POST keeps a content type the caller chose', async () => {
    await postWithHeaders('/reset-password', { a: 1 }, { 'content-type': 'application/json; charset=utf-8' });
    expect(call().headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
  });
});

describe('extra headers beside the stored credential', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'token-1'));

  it('POST, PUT and DELETE add them to the credential and the JSON content type', async () => {
    const headers = { 'x-confirmation': 'c-1' };
    await post('/merchants/1/rotate-key', undefined, { headers });
    await put('/merchants/1/enabled', { enabled: false }, { headers });
    await del('/merchants/1', undefined, { headers });
    for (const n of [0, 1, 2]) {
      expect(call(n).headers).toEqual({
        'x-confirmation': 'c-1',
        Authorization: 'Bearer token-1',
        'Access-Control-Allow-Methods': 'PUT,DELETE,POST,GET,OPTION',
        'Content-Type': 'application/json',
      });
    }
    expect(call(1).init).toMatchObject({ method: 'PUT', body: '{"enabled":false}' });
    expect(call(2).init).toMatchObject({ method: 'DELETE', body: '{}' });
  });

  it('keep multipart as an option', async () => {
    await put('/vendors/1', { name: 'V' }, { multipart: true, headers: { 'x-confirmation': 'c-1' } });
    expect(call().init.body).toBeInstanceOf(FormData);
    expect(call().headers['x-confirmation']).toBe('c-1');
    expect(call().headers['Content-Type']).toBeUndefined();
  });
});
