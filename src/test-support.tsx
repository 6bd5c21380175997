import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import type { Role } from '../domain/roles';
import { belongsToMerchants, belongsToVendor } from '../domain/scope';
import { TextFromReactAdmin } from './i18n/TextFromReactAdmin';
import { HeaderStateProvider, Toaster, ToastProvider } from './notifications';
import { dataProvider } from './providers/dataProvider';
import { TOKEN_KEY, USER_DATA_KEY } from './session/storageKeys';
import { i18nProvider } from './providers/i18nProvider';
import { SessionProvider } from './session/SessionProvider';
import { Root } from './Root';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned token: the dashboard only reads the claims, the server checks the signature. */
export const tokenFor = (role: Role, claims: Record<string, unknown> = {}) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
    id: `id-${role}`,
    userName: role.toLowerCase(),
    role,
    code: belongsToMerchants(role) ? ['M100', 'M200'] : [],
    vendor_code: belongsToVendor(role) ? 'V1' : null,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  })}.signature`;

/** Stores a session the way a sign-in does. */
export const signInAs = (role: Role, name = `Test ${role}`, claims: Record<string, unknown> = {}) => {
  const token = tokenFor(role, claims);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(
    USER_DATA_KEY,
    JSON.stringify({ name, role, code: belongsToMerchants(role) ? ['M100', 'M200'] : [] }),
  );
  return token;
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** Replaces fetch: `answer` gets each call and returns the response (an empty merchant list by default). */
export const mockApi = (answer: (call: Call) => Response | undefined = () => undefined) => {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return (
      answer(call) ??
      (call.path === '/v1/getall-merchant'
        ? json(200, { data: { merchants: [], total: 0 } })
        : json(404, { error: { message: 'Not found.', code: 'NOT_FOUND' } }))
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};

/** The whole dashboard at a path, as a browser would open it. */
export const renderAppAt = (path: string) => {
  window.history.pushState({}, '', path);
  return render(<Root />);
};

export const currentPath = () => window.location.pathname;

/** A piece of a screen inside the dashboard's providers (admin context, session, toasts), without the shell. */
export const renderInAdmin = (ui: ReactNode) =>
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      <TextFromReactAdmin>
        <SessionProvider>
          <ToastProvider>
            <HeaderStateProvider>
              {ui}
              <Toaster />
            </HeaderStateProvider>
          </ToastProvider>
        </SessionProvider>
      </TextFromReactAdmin>
    </AdminContext>,
  );
