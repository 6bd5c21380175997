import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildQuery, del, get, getFile, getWithHeaders, normaliseError, onUnauthorized, post } from './http';
import { TOKEN_KEY } from '../session/storageKeys';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

const reply = (response: Response | Error) =>
  fetchMock.mockImplementationOnce(async () => {
    if (response instanceof Error) throw response;
    return response;
  });

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

describe('buildQuery', () => {
  it('leaves out empty, null, undefined and empty-list values', () =>
    expect(buildQuery({ a: '', b: null, c: undefined, d: [], e: 'x' })).toBe('e=x'));

  it('joins lists with commas and keeps the given order', () =>
    expect(buildQuery({ status: ['INITIATED', 'ASSIGNED'], page: 2, ok: false })).toBe(
      'status=INITIATED,ASSIGNED&page=2&ok=false',
    ));

  it('drops blank entries inside lists', () =>
    expect(buildQuery({ status: ['', null, 'SUCCESS'], other: [''] })).toBe('status=SUCCESS'));

  it('encodes values and writes dates as ISO instants', () =>
    expect(buildQuery({ q: 'a b&c', from: new Date('2026-01-01T00:00:00Z') })).toBe(
      'q=a%20b%26c&from=2026-01-01T00%3A00%3A00.000Z',
    ));

  it('gives an empty string when nothing is left', () => expect(buildQuery({ a: '' })).toBe(''));
});

describe('normaliseError', () => {
  it('prefers error.message of the body', () =>
    expect(
      normaliseError(
        { error: { message: 'Merchant not found.', code: 'NOT_FOUND', field: 'code' }, message: 'outer' },
        404,
      ),
    ).toEqual({
      message: 'Merchant not found.',
      code: 'NOT_FOUND',
      field: 'code',
      status: 404,
    }));

  it('then the body message', () =>
    expect(normaliseError({ error: 'Bad Request', message: 'body must be an object' }).message).toBe(
      'body must be an object',
    ));

  it('reads the body an error carries before its own message', () => {
    const failure = Object.assign(new Error('Request failed'), {
      status: 409,
      body: { error: { message: 'Already settled.' } },
    });
    expect(normaliseError(failure)).toEqual({ message: 'Already settled.', status: 409 });
  });

  it("then the error's own message", () =>
    expect(normaliseError(new TypeError('Failed to fetch')).message).toBe('Failed to fetch'));

  it('otherwise Unknown Error', () => {
    expect(normaliseError(null).message).toBe('Unknown Error');
    expect(normaliseError({ error: { message: '  ' } }).message).toBe('Unknown Error');
    expect(normaliseError(42).message).toBe('Unknown Error');
  });
});

describe('getFile', () => {
  it('fetches the file with the credential and reads its name', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    reply(
      new Response('Code\nM1\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="merchants.csv"' },
      }),
    );
    const result = await getFile('/v1/merchants/export?code=M');
    expect(call().url).toBe('/v1/merchants/export?code=M');
    expect(call().headers).toEqual({ Authorization: 'Bearer token-1' });
    expect(result.data?.fileName).toBe('merchants.csv');
    expect(await result.data?.blob.text()).toBe('Code\nM1\n');
  });

  it('gives the server message on failure', async () => {
    reply(json({ error: { message: 'No access.', code: 'FORBIDDEN' } }, 403));
    expect((await getFile('/v1/vendors/export')).error).toEqual({
      message: 'No access.',
      code: 'FORBIDDEN',
      status: 403,
    });
  });
});

describe('the merchant list', () => {
  it('asks for 1000 rows when no page size is given', async () => {
    await get('/getall-merchant');
    await get('/getall-merchant', { merchantCode: 'M1' });
    expect(call(0).url).toBe('/v1/getall-merchant?pageSize=1000');
    expect(call(1).url).toBe('/v1/getall-merchant?merchantCode=M1&pageSize=1000');
  });

  it('keeps a page size the caller gave', async () => {
    await get('/getall-merchant', { pageSize: 10 });
    expect(call().url).toBe('/v1/getall-merchant?pageSize=10');
  });

  it('is the only path with that default', async () => {
    await get('/merchants');
    expect(call().url).toBe('/v1/merchants');
  });
});

describe('results', () => {
  it('resolve with the body as the server sent it', async () => {
    reply(json({ data: { merchants: [{ code: 'M1' }], total: 1 } }));
    const result = await get<{ data: { merchants: { code: string }[] } }>('/getall-merchant');
    expect(result.error).toBeNull();
    expect(result.data?.data.merchants[0].code).toBe('M1');
  });

  it('resolve with null data for an empty success body', async () => {
    reply(new Response(null, { status: 204 }));
    expect(await del('/users/1')).toEqual({ data: null, error: null });
  });

  it('resolve with the normalised error and status on failure', async () => {
    reply(json({ error: { message: 'Amount is Required!', code: 'VALIDATION', field: 'amount' } }, 400));
    expect(await post('/payouts', {})).toEqual({
      data: null,
      error: { message: 'Amount is Required!', code: 'VALIDATION', field: 'amount', status: 400 },
    });
  });

  it('say Unknown Error when a failure body is not JSON', async () => {
    reply(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await get('/payins')).error).toEqual({ message: 'Unknown Error', status: 502 });
  });

  it('resolve with the failure message when the network fails', async () => {
    reply(new TypeError('Failed to fetch'));
    expect(await get('/payins')).toEqual({ data: null, error: { message: 'Failed to fetch' } });
  });
});

describe('onUnauthorized', () => {
  it('tells listeners when an authorised call gets 401, until they unsubscribe', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    reply(json({ error: { message: 'Please sign in.', code: 'UNAUTHORIZED' } }, 401));
    await get('/getall-merchant');
    expect(listener).toHaveBeenCalledWith({ message: 'Please sign in.', code: 'UNAUTHORIZED', status: 401 });
    stop();
    reply(json({ error: { message: 'Please sign in.' } }, 401));
    await get('/getall-merchant');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for calls that carried no stored credential', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    reply(json({ error: { message: 'Wrong password.' } }, 401));
    await post('/login', { userName: 'a', password: 'b' });
    localStorage.setItem(TOKEN_KEY, 'token-1');
    reply(json({ error: { message: 'Bad key.' } }, 401));
    await getWithHeaders('/merchant-api/payins', { 'x-api-key': 'k' });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('stays quiet for other failures', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    reply(json({ error: { message: 'No access.' } }, 403));
    await get('/vendors');
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});
