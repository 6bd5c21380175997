import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from './session/storageKeys';
import { currentPath, mockApi, renderAppAt, signInAs, tokenFor } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const expectTitle = (text: string) =>
  waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent(text), { timeout: 5000 });

describe('routing (SPEC §2)', () => {
  it.each(['/app/dashboard', '/app/merchant', '/somewhere', '/app'])(
    'sends a signed-out visitor from %s to the login screen',
    async (path) => {
      mockApi();
      renderAppAt(path);
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(currentPath()).toBe('/');
    },
  );

  it.each(['/forgot-password', '/reset-password', '/on-boarding'])(
    'lets a signed-out visitor open %s',
    async (path) => {
      mockApi();
      renderAppAt(path);
      await screen.findByRole('heading', { level: 1 });
      expect(currentPath()).toBe(path);
    },
  );

  it('sends a signed-in user from / to the dashboard', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/');
    await expectTitle('Dashboard');
    expect(currentPath()).toBe('/app/dashboard');
  });

  it.each(['VENDOR', 'VENDOR_OPERATIONS'] as const)('sends %s from / to the vendor board', async (role) => {
    mockApi();
    signInAs(role);
    renderAppAt('/');
    await expectTitle('Vendor Board');
    expect(currentPath()).toBe('/app/vendor-board');
  });

  it('shows the not-found page for an unknown path outside the shell', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/nowhere');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('shows the not-found page inside the shell', async () => {
    mockApi();
    signInAs('OPERATIONS');
    renderAppAt('/app/nowhere');
    await expectTitle('Page not found');
    expect(screen.getByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows access denied on a screen the role may not use', async () => {
    mockApi();
    signInAs('VENDOR');
    renderAppAt('/app/merchant');
    expect(await screen.findByText('Access denied', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('titles a grouped screen with its group', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/payout');
    await expectTitle('Reports: Payouts');
    expect(await screen.findByText('Choose the filters, then Search')).toBeInTheDocument();
  });

  it('removes an expired token and sends the user to /', async () => {
    mockApi();
    localStorage.setItem(TOKEN_KEY, tokenFor('ADMIN', { exp: 1 }));
    renderAppAt('/app/dashboard');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(currentPath()).toBe('/');
  });

  it('removes an undecodable token', async () => {
    mockApi();
    localStorage.setItem(TOKEN_KEY, 'garbage');
    renderAppAt('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });
});
