import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../domain/roles';
import { TOKEN_KEY } from '../session/storageKeys';
import { currentPath, json, mockApi, renderAppAt, signInAs } from '../test-support';
import { merchantListQuery } from './merchantListQuery';

afterEach(() => vi.unstubAllGlobals());

const BY_ROLE = [
  ['MERCHANT', { merchantCode: 'M1' }],
  ['MERCHANT_ADMIN', { merchantCode: 'M1' }],
  ['MERCHANT_OPERATIONS', { merchantCode: 'M1' }],
  ['ADMIN', {}],
  ['TRANSACTIONS', {}],
  ['OPERATIONS', {}],
  ['VENDOR', null],
  ['VENDOR_OPERATIONS', null],
] as const;

describe('merchantListQuery (SPEC §6, §7)', () => {
  it.each(BY_ROLE)('%s → %j', (role, query) => expect(merchantListQuery(role, ['M1', 'M2'])).toEqual(query));

  it('loads nothing when signed out', () => expect(merchantListQuery(null, [])).toBeNull());
  it('has a case above for every role', () => expect(new Set(BY_ROLE.map(([role]) => role))).toEqual(new Set(ROLES)));
  it('asks a merchant role without codes for no particular code (the server holds it to its own)', () => {
    expect(merchantListQuery('MERCHANT', [])).toEqual({});
    expect(merchantListQuery('MERCHANT_ADMIN', [])).toEqual({});
  });
});

const merchantCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((call) => call.path === '/v1/getall-merchant');

describe('merchant list on entering the shell', () => {
  it('asks a merchant role for its first merchant code, with the default page size', async () => {
    const calls = mockApi();
    signInAs('MERCHANT');
    renderAppAt('/app/dashboard');
    await waitFor(() => expect(merchantCalls(calls)).toHaveLength(1), { timeout: 5000 });
    const [call] = merchantCalls(calls);
    expect(call.query.get('merchantCode')).toBe('M100');
    expect(call.query.get('pageSize')).toBe('1000');
  });

  it('asks staff roles without a merchant code', async () => {
    const calls = mockApi();
    signInAs('OPERATIONS');
    renderAppAt('/app/dashboard');
    await waitFor(() => expect(merchantCalls(calls)).toHaveLength(1), { timeout: 5000 });
    expect(merchantCalls(calls)[0].query.has('merchantCode')).toBe(false);
  });

  it('does not load the list for vendor roles', async () => {
    const calls = mockApi();
    signInAs('VENDOR');
    renderAppAt('/app/vendor-board');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    expect(merchantCalls(calls)).toHaveLength(0);
  });

  it('on 401: an error titled 401 with the message, storage cleared, back to /', async () => {
    mockApi((call) =>
      call.path === '/v1/getall-merchant'
        ? json(401, { error: { message: 'Please sign in.', code: 'UNAUTHORIZED' } })
        : undefined,
    );
    signInAs('MERCHANT_ADMIN');
    localStorage.setItem('other', 'value');
    renderAppAt('/app/merchant');
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    const toasts = within(screen.getByRole('status'));
    expect(toasts.getByText('401')).toBeInTheDocument();
    expect(toasts.getByText('Please sign in.')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('other')).toBeNull();
    expect(currentPath()).toBe('/');
  });
});
