import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_PATH, dataProvider } from './dataProvider';
import { TOKEN_KEY } from '../session/storageKeys';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const reply = (...bodies: Response[]) => bodies.forEach((body) => fetchMock.mockResolvedValueOnce(body));
const urls = () => fetchMock.mock.calls.map(([url]) => url as string);
const init = (n = 0) => fetchMock.mock.calls[n][1] as RequestInit;

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'token-1');
  fetchMock = vi.fn(async () => json({ data: { id: 'x' } }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = { page: 2, perPage: 25 };
const newestFirst = { field: 'createdAt', order: 'DESC' as const };

describe('getList', () => {
  it('asks for the page, the sort and the filters, lists comma-joined', async () => {
    reply(json({ data: [{ id: 'p1' }], total: 41 }));
    const result = await dataProvider.getList('payins', {
      pagination: page,
      sort: newestFirst,
      filter: { status: ['INITIATED', 'ASSIGNED'], merchantCode: 'M1', utr: '' },
    });
    expect(urls()).toEqual([
      '/v1/payins?page=2&pageSize=25&sortBy=createdAt&sortOrder=desc&status=INITIATED,ASSIGNED&merchantCode=M1',
    ]);
    expect(result).toEqual({ data: [{ id: 'p1' }], total: 41 });
  });

  it('gives a list whose count stopped at its cap no total, but whether there is a next page', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: `p${i}` }));
    reply(
      json({ data: rows, total: 1000, totalCapped: true }),
      json({ data: rows.slice(0, 3), total: 1000, totalCapped: true }),
    );
    const full = await dataProvider.getList('payins', { pagination: page, sort: newestFirst, filter: {} });
    expect(full).toEqual({ data: rows, pageInfo: { hasPreviousPage: true, hasNextPage: true } });
    const last = await dataProvider.getList('payins', {
      pagination: { page: 1, perPage: 25 },
      sort: newestFirst,
      filter: {},
    });
    expect(last).toEqual({ data: rows.slice(0, 3), pageInfo: { hasPreviousPage: false, hasNextPage: false } });
  });

  it('sends the stored credential', async () => {
    reply(json({ data: [], total: 0 }));
    await dataProvider.getList('payins', { pagination: page, sort: newestFirst, filter: {} });
    expect((init().headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('passes the abort signal on', async () => {
    reply(json({ data: [], total: 0 }));
    const signal = new AbortController().signal;
    await dataProvider.getList('payins', { pagination: page, sort: newestFirst, filter: {}, signal });
    expect(init().signal).toBe(signal);
  });

  it('throws the server message as an HttpError', async () => {
    reply(json({ error: { message: 'You do not have access to this screen.', code: 'FORBIDDEN' } }, 403));
    const failure = await dataProvider
      .getList('vendors', { pagination: page, sort: newestFirst, filter: {} })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      message: 'You do not have access to this screen.',
      status: 403,
      body: { message: 'You do not have access to this screen.', code: 'FORBIDDEN', status: 403 },
    });
  });
});

describe('failures naming a field', () => {
  it("carry the form's errors: the field's message and the form's", async () => {
    reply(
      json({ error: { message: 'maxPayin must be at least minPayin', code: 'BAD_REQUEST', field: 'maxPayin' } }, 400),
    );
    const failure = await dataProvider.create('merchant', { data: {} }).catch((e) => e);
    expect(failure.body).toEqual({
      message: 'maxPayin must be at least minPayin',
      code: 'BAD_REQUEST',
      field: 'maxPayin',
      status: 400,
      errors: {
        maxPayin: 'maxPayin must be at least minPayin',
        root: { serverError: 'maxPayin must be at least minPayin' },
      },
    });
  });
});

describe('single records', () => {
  it('getOne reads /<resource>/:id', async () => {
    reply(json({ data: { id: 'm 1', name: 'Shop' } }));
    expect(await dataProvider.getOne('merchants', { id: 'm 1' })).toEqual({ data: { id: 'm 1', name: 'Shop' } });
    expect(urls()).toEqual(['/v1/merchants/m%201']);
  });

  it("sends the stored credential and the spec's headers", async () => {
    await dataProvider.getOne('merchants', { id: 'm1' });
    expect(init().headers).toEqual({
      Authorization: 'Bearer token-1',
      'Access-Control-Allow-Methods': 'PUT,DELETE,POST,GET,OPTION',
      'Content-Type': 'application/json',
    });
  });

  it('create posts the record and returns the created one', async () => {
    reply(json({ data: { id: 'm2', code: 'M2' } }, 201));
    expect(await dataProvider.create('merchants', { data: { code: 'M2' } })).toEqual({
      data: { id: 'm2', code: 'M2' },
    });
    expect(urls()).toEqual(['/v1/merchants']);
    expect(init()).toMatchObject({ method: 'POST', body: '{"code":"M2"}' });
  });

  it('update puts the data to /<resource>/:id', async () => {
    reply(json({ data: { id: 'm2', name: 'New' } }));
    const result = await dataProvider.update('merchants', {
      id: 'm2',
      data: { name: 'New' },
      previousData: { id: 'm2', name: 'Old' },
    });
    expect(result).toEqual({ data: { id: 'm2', name: 'New' } });
    expect(urls()).toEqual(['/v1/merchants/m2']);
    expect(init()).toMatchObject({ method: 'PUT', body: '{"name":"New"}' });
  });

  it('delete returns the deleted record', async () => {
    reply(json({ data: { id: 'u1' } }));
    expect(await dataProvider.delete('users', { id: 'u1' })).toEqual({ data: { id: 'u1' } });
    expect(urls()).toEqual(['/v1/users/u1']);
    expect(init()).toMatchObject({ method: 'DELETE', body: undefined });
    // Without a body it declares plain text: the server takes that, where an empty JSON body is refused.
    expect(init().headers).toMatchObject({ 'content-type': 'text/plain', Authorization: 'Bearer token-1' });
  });

  it('delete falls back to the previous record on an empty answer', async () => {
    reply(new Response(null, { status: 204 }));
    expect(await dataProvider.delete('users', { id: 'u1', previousData: { id: 'u1', name: 'A' } })).toEqual({
      data: { id: 'u1', name: 'A' },
    });
  });

  it('a validation failure keeps its field', async () => {
    reply(json({ error: { message: 'Code is Required!', code: 'VALIDATION', field: 'code' } }, 400));
    const failure = await dataProvider.create('merchants', { data: {} }).catch((e) => e);
    expect(failure).toMatchObject({ message: 'Code is Required!', status: 400, body: { field: 'code' } });
  });
});

describe('several records', () => {
  it('getMany asks for the ids comma-joined', async () => {
    reply(json({ data: [{ id: 'a' }, { id: 'b' }], total: 2 }));
    expect(await dataProvider.getMany('merchants', { ids: ['a', 'b'] })).toEqual({ data: [{ id: 'a' }, { id: 'b' }] });
    expect(urls()).toEqual(['/v1/merchants?ids=a,b']);
  });

  it('getManyReference filters the list by the target', async () => {
    reply(json({ data: [{ id: 'b1' }], total: 1 }));
    const result = await dataProvider.getManyReference('bank-accounts', {
      target: 'vendorCode',
      id: 'V1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { enabled: true },
    });
    expect(result).toEqual({ data: [{ id: 'b1' }], total: 1 });
    expect(urls()).toEqual([
      '/v1/bank-accounts?page=1&pageSize=10&sortBy=name&sortOrder=asc&enabled=true&vendorCode=V1',
    ]);
  });

  it('updateMany makes one call per id', async () => {
    reply(json({ data: { id: 'u1' } }), json({ data: { id: 'u2' } }));
    expect(await dataProvider.updateMany('users', { ids: ['u1', 'u2'], data: { enabled: false } })).toEqual({
      data: ['u1', 'u2'],
    });
    expect(urls()).toEqual(['/v1/users/u1', '/v1/users/u2']);
    expect(init(1)).toMatchObject({ method: 'PUT', body: '{"enabled":false}' });
  });

  it('deleteMany makes one call per id', async () => {
    reply(json({ data: { id: 'u1' } }), json({ data: { id: 'u2' } }));
    expect(await dataProvider.deleteMany('users', { ids: ['u1', 'u2'] })).toEqual({ data: ['u1', 'u2'] });
    expect(urls()).toEqual(['/v1/users/u1', '/v1/users/u2']);
    expect(init(0).method).toBe('DELETE');
  });

  it('deleteMany fails with the server message when one call fails', async () => {
    reply(json({ data: { id: 'u1' } }), json({ error: { message: 'User not found.' } }, 404));
    await expect(dataProvider.deleteMany('users', { ids: ['u1', 'u2'] })).rejects.toMatchObject({
      message: 'User not found.',
      status: 404,
    });
  });
});

describe('the merchant list', () => {
  it('reads data.merchants, asking for 1000 rows with the query given', async () => {
    reply(json({ data: { merchants: [{ id: 'm1', code: 'M1' }], total: 1 } }));
    expect(await dataProvider.getMerchantList({ merchantCode: 'M1' })).toEqual({ data: [{ id: 'm1', code: 'M1' }] });
    expect(urls()).toEqual(['/v1/getall-merchant?merchantCode=M1&pageSize=1000']);
  });

  it('throws the server message as an HttpError', async () => {
    reply(json({ error: { message: 'Please sign in.', code: 'UNAUTHORIZED' } }, 401));
    await expect(dataProvider.getMerchantList({})).rejects.toMatchObject({ message: 'Please sign in.', status: 401 });
  });
});

describe('EXPORT_PATH', () => {
  it('carries the same filters and sort as the list, without paging', () =>
    expect(
      EXPORT_PATH('payouts', { filter: { status: ['SUCCESS', 'REJECTED'], vendorCode: '' }, sort: newestFirst }),
    ).toBe('/v1/payouts/export?sortBy=createdAt&sortOrder=desc&status=SUCCESS,REJECTED'));

  it('has no query when there is nothing to filter', () =>
    expect(EXPORT_PATH('vendors', {})).toBe('/v1/vendors/export'));
});

describe('resource names', () => {
  it('map the SPEC routes to the API paths', async () => {
    const routes = ['merchant', 'vendor', 'bank-accounts', 'user', 'merchant-applications', 'audit-events', 'payins'];
    for (const route of routes) await dataProvider.getOne(route, { id: 'r1' });
    expect(urls()).toEqual([
      '/v1/merchants/r1',
      '/v1/vendors/r1',
      '/v1/bank-accounts/r1',
      '/v1/users/r1',
      '/v1/merchant-applications/r1',
      '/v1/audit-events/r1',
      '/v1/payins/r1',
    ]);
  });

  it('are translated in every call', async () => {
    reply(
      json({ data: [], total: 0 }),
      json({ data: { id: 'm1' } }),
      json({ data: { id: 'u1' } }),
      json({ data: { id: 'u1' } }),
    );
    await dataProvider.getList('merchant', { pagination: page, sort: newestFirst, filter: { topLevel: true } });
    await dataProvider.getOne('merchant', { id: 'm1' });
    await dataProvider.create('user', { data: { userName: 'a' } });
    await dataProvider.update('user', { id: 'u1', data: { fullName: 'A' }, previousData: { id: 'u1' } });
    expect(urls()).toEqual([
      '/v1/merchants?page=2&pageSize=25&sortBy=createdAt&sortOrder=desc&topLevel=true',
      '/v1/merchants/m1',
      '/v1/users',
      '/v1/users/u1',
    ]);
  });
});
