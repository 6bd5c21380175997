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

describe('login screen, two-factor and password steps', () => {
  const challenge = (step: 'required' | 'enrol') => json(200, { data: { twoFactor: step, challenge: `c-${step}` } });
  const typeCode = async (label: RegExp, code: string, button = 'Verify') => {
    fireEvent.change(await screen.findByLabelText(label, {}, { timeout: 5000 }), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: button }));
  };

  it('asks for the code after the password and signs in with it; a wrong code shows the message', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/v1/login') return challenge('required');
      if (call.path !== '/v1/login/two-factor') return undefined;
      return (call.body as { code: string }).code === '123456'
        ? loginOk('ADMIN')
        : json(401, { error: { message: 'That code is not right.', code: 'INVALID_CODE' } });
    });
    renderAppAt('/');
    await fill('admin', 'Demo@1234');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await typeCode(/^Authentication code/, '000000');
    expect(await within(screen.getByRole('status')).findByText('That code is not right.')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    await typeCode(/^Authentication code/, '123456');
    await waitFor(() => expect(currentPath()).toBe('/app/dashboard'), { timeout: 5000 });
    expect(calls.filter((c) => c.path === '/v1/login/two-factor').map((c) => c.body)).toEqual([
      { challenge: 'c-required', code: '000000' },
      { challenge: 'c-required', code: '123456' },
    ]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeTruthy();
  });

  it('asks before ending a session open elsewhere at the code step, then sends the code again with override', async () => {
    const sent: Call[] = [];
    mockApi((call) => {
      if (call.path === '/v1/login') return challenge('required');
      if (call.path !== '/v1/login/two-factor') return undefined;
      sent.push(call);
      return (call.body as { override?: boolean }).override
        ? loginOk('ADMIN')
        : json(409, { error: { message: 'You are already signed in somewhere else.', code: 'SESSION_EXISTS' } });
    });
    renderAppAt('/');
    await fill('admin', 'Demo@1234');
    await typeCode(/^Authentication code/, '123456');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/app/dashboard'), { timeout: 5000 });
    expect(sent.map((c) => c.body)).toEqual([
      { challenge: 'c-required', code: '123456' },
      { challenge: 'c-required', code: '123456', override: true },
    ]);
  });

  it('enrols a required role: QR code and key, first code, then the recovery codes before entering', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);
    mockApi((call) => {
      if (call.path === '/v1/login') return challenge('enrol');
      if (call.path === '/v1/login/two-factor/enrol')
        return json(200, {
          data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AA' },
        });
      if (call.path === '/v1/login/two-factor') {
        const user = { name: 'Asha', role: 'ADMIN', code: [] };
        const signedIn = { accessToken: tokenFor('ADMIN'), expiresAt: new Date().toISOString(), user };
        return json(200, { data: { ...signedIn, recoveryCodes: codes } });
      }
      return undefined;
    });
    renderAppAt('/');
    await fill('admin', 'Demo@1234');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,AA');
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await typeCode(/^Code from the app/, '123456');
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(
      10,
    );
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(currentPath()).toBe('/app/dashboard'), { timeout: 5000 });
  });

  it('takes a user whose password an administrator set to a new password first, then signs in with it', async () => {
    const token = tokenFor('OPERATIONS');
    const calls = mockApi((call) => {
      if (call.path === '/v1/login' && (call.body as { password: string }).password === 'Set-by-admin-1')
        return json(200, {
          data: {
            accessToken: token,
            expiresAt: new Date().toISOString(),
            user: { name: 'Omkar', role: 'OPERATIONS', code: [] },
            mustChangePassword: true,
          },
        });
      if (call.path === '/v1/change-password') return json(200, { data: { message: 'Password changed.' } });
      if (call.path === '/v1/login') return loginOk('ADMIN');
      return undefined;
    });
    renderAppAt('/');
    await fill('operations', 'Set-by-admin-1');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // The step's form is loaded when first shown.
    fireEvent.change(await screen.findByLabelText(/^New Password/), { target: { value: 'too-short1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'too-short1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password and sign in' }));
    expect(
      await screen.findByText('Password must be at least 12 characters and contain a letter and a digit.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'My-own-password-1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'My-own-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password and sign in' }));
    await waitFor(() => expect(currentPath()).toBe('/app/dashboard'), { timeout: 5000 });
    const change = calls.find((c) => c.path === '/v1/change-password')!;
    expect(change.headers.Authorization).toBe(`Bearer ${token}`);
    expect(change.body).toEqual({ currentPassword: 'Set-by-admin-1', newPassword: 'My-own-password-1' });
    expect(calls.filter((c) => c.path === '/v1/login').at(-1)!.body).toEqual({
      userName: 'operations',
      password: 'My-own-password-1',
      override: true,
    });
  });
});
