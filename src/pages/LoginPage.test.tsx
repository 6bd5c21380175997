import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../session/storageKeys';
import { currentPath, json, mockApi, renderAppAt, tokenFor, type Call } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const loginOk = (role: 'ADMIN' | 'VENDOR') =>
  json(200, {
    data: { accessToken: tokenFor(role), expiresAt: new Date().toISOString(), user: { name: 'Asha', role, code: [] } },
  });

const fill = async (userName: string, password: string) => {
  fireEvent.change(await screen.findByLabelText(/^User Name/, {}, { timeout: 5000 }), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

describe('login screen', () => {
  it('names both required fields when sent empty', async () => {
    const calls = mockApi();
    renderAppAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }, { timeout: 5000 }));
    expect(await screen.findByText('User Name is Required!')).toBeInTheDocument();
    expect(screen.getByText('Password is Required!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message in an error toast", async () => {
    mockApi(() => json(401, { error: { message: 'Invalid user name or password.', code: 'INVALID_CREDENTIALS' } }));
    renderAppAt('/');
    await fill('admin', 'wrong');
    expect(await within(screen.getByRole('status')).findByText('Invalid user name or password.')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs in, stores the token and user data, and lands on the role home', async () => {
    const calls = mockApi((call) => (call.path === '/v1/login' ? loginOk('VENDOR') : undefined));
    renderAppAt('/');
    await fill(' vendor ', 'Demo@1234');
    await waitFor(() => expect(currentPath()).toBe('/app/vendor-board'), { timeout: 5000 });
    expect(calls[0].body).toEqual({ userName: 'vendor', password: 'Demo@1234' });
    expect(localStorage.getItem(TOKEN_KEY)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toEqual({ name: 'Asha', role: 'VENDOR', code: [] });
  });

  it('asks before ending a session open elsewhere, then retries with override', async () => {
    const logins: Call[] = [];
    mockApi((call) => {
      if (call.path !== '/v1/login') return undefined;
      logins.push(call);
      return (call.body as { override?: boolean }).override
        ? loginOk('ADMIN')
        : json(409, {
            error: {
              message: 'You are already signed in somewhere else. Sign in here to end that session.',
              code: 'SESSION_EXISTS',
            },
          });
    });
    renderAppAt('/');
    await fill('admin', 'Demo@1234');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You are already signed in somewhere else.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/app/dashboard'), { timeout: 5000 });
    expect(logins.map((call) => (call.body as { override?: boolean }).override)).toEqual([undefined, true]);
  });
});
