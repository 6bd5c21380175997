import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, USER_DATA_KEY } from './storageKeys';
import { SessionProvider, useSession } from './SessionProvider';
import { clearStorage, decodeSession, readStoredSession, readUserData, storeLogin, type Session } from './session';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned token: the dashboard only reads the claims, the server checks the signature. */
const tokenOf = (claims: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const merchantClaims = { id: 'u-1', userName: 'asha', role: 'MERCHANT', code: ['M1', 'M2'], vendor_code: null, exp: 0 };
const merchantToken = () => tokenOf({ ...merchantClaims, exp: inAnHour() });

const merchant: Session = { userId: 'u-1', userName: 'asha', role: 'MERCHANT', code: ['M1', 'M2'], vendorCode: null };
const vendor: Session = { userId: 'u-9', userName: 'vik', role: 'VENDOR', code: [], vendorCode: 'V7' };

describe('decodeSession', () => {
  it('maps the claims to the identity', () => expect(decodeSession(merchantToken())).toEqual(merchant));

  it('keeps the vendor code', () =>
    expect(
      decodeSession(
        tokenOf({ id: 'u-9', userName: 'vik', role: 'VENDOR', code: [], vendor_code: 'V7', exp: inAnHour() }),
      ),
    ).toEqual(vendor));

  it('reads exp in seconds', () => {
    const token = tokenOf({ ...merchantClaims, exp: 1_800_000_000 });
    expect(decodeSession(token, 1_799_999_999_000)).toEqual(merchant);
    expect(decodeSession(token, 1_800_000_000_000)).toBeNull();
  });

  it.each([[null], [''], ['not-a-token'], ['a.b.c']])('refuses %j', (token) => expect(decodeSession(token)).toBeNull());

  it('refuses an unknown role', () =>
    expect(decodeSession(tokenOf({ ...merchantClaims, role: 'ROOT', exp: inAnHour() }))).toBeNull());
});

describe('stored session', () => {
  it('reads the stored token', () => {
    localStorage.setItem(TOKEN_KEY, merchantToken());
    expect(readStoredSession()).toEqual(merchant);
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
  });

  it('removes an undecodable token', () => {
    localStorage.setItem(TOKEN_KEY, 'garbage');
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('removes an expired token', () => {
    localStorage.setItem(TOKEN_KEY, tokenOf({ ...merchantClaims, exp: 1 }));
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('is signed out without a token', () => expect(readStoredSession()).toBeNull());

  it('stores the login and reads the user data back', () => {
    storeLogin('t', { name: 'Asha', role: 'MERCHANT', code: ['M1'] });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY)!)).toEqual({ name: 'Asha', role: 'MERCHANT', code: ['M1'] });
    expect(readUserData()).toEqual({ name: 'Asha', role: 'MERCHANT', code: ['M1'] });
  });

  it('gives no user data when missing or unreadable', () => {
    expect(readUserData()).toBeNull();
    localStorage.setItem(USER_DATA_KEY, '{oops');
    expect(readUserData()).toBeNull();
  });

  it('clears everything', () => {
    storeLogin('t', { name: 'Asha', role: 'MERCHANT', code: [] });
    localStorage.setItem('other', 'x');
    clearStorage();
    expect(localStorage.length).toBe(0);
  });
});

const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider>{children}</SessionProvider>;

describe('useSession', () => {
  it('starts from the stored token', () => {
    localStorage.setItem(TOKEN_KEY, merchantToken());
    const { result } = renderHook(useSession, { wrapper });
    expect(result.current).toMatchObject({ ...merchant, session: merchant });
  });

  it('is empty when signed out', () => {
    const { result } = renderHook(useSession, { wrapper });
    expect(result.current).toMatchObject({
      session: null,
      userId: '',
      userName: '',
      role: null,
      code: [],
      vendorCode: null,
    });
  });

  it('removes an undecodable stored token', () => {
    localStorage.setItem(TOKEN_KEY, 'garbage');
    const { result } = renderHook(useSession, { wrapper });
    expect(result.current.session).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('lets a screen overwrite all five fields', () => {
    localStorage.setItem(TOKEN_KEY, merchantToken());
    const { result } = renderHook(useSession, { wrapper });
    act(() => result.current.setSession(vendor));
    expect(result.current).toMatchObject({
      userId: 'u-9',
      userName: 'vik',
      role: 'VENDOR',
      code: [],
      vendorCode: 'V7',
    });
  });

  it('follows sign-in and sign-out made through the storage helpers', () => {
    const { result } = renderHook(useSession, { wrapper });
    act(() => storeLogin(merchantToken(), { name: 'Asha', role: 'MERCHANT', code: ['M1'] }));
    expect(result.current.role).toBe('MERCHANT');
    act(() => clearStorage());
    expect(result.current.session).toBeNull();
  });

  it('re-reads the token on refresh', () => {
    const { result } = renderHook(useSession, { wrapper });
    localStorage.setItem(TOKEN_KEY, merchantToken());
    act(() => result.current.refresh());
    expect(result.current.userName).toBe('asha');
  });

  it('follows a token change made in another tab', () => {
    const { result } = renderHook(useSession, { wrapper });
    localStorage.setItem(TOKEN_KEY, merchantToken());
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    });
    expect(result.current.userId).toBe('u-1');
  });

  it('can start from a given session', () => {
    const { result } = renderHook(useSession, {
      wrapper: ({ children }) => <SessionProvider initial={vendor}>{children}</SessionProvider>,
    });
    expect(result.current.vendorCode).toBe('V7');
  });

  it('renders the identity for screens', () => {
    localStorage.setItem(TOKEN_KEY, merchantToken());
    const Name = () => <span>{useSession().userName}</span>;
    render(<Name />, { wrapper });
    expect(screen.getByText('asha')).toBeInTheDocument();
  });

  it('says clearly when used outside the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(useSession)).toThrow('useSession must be used inside <SessionProvider>.');
    quiet.mockRestore();
  });
});
