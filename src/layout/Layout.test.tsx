import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../domain/menu';
import { TOKEN_KEY } from '../session/storageKeys';
import { currentPath, json, mockApi, renderAppAt, signInAs } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
const labelsOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent)
    .concat(
      within(nav)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    );

describe('sidebar (SPEC §2, §6)', () => {
  it('shows the logo as a link to the dashboard', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/dashboard');
    await mainMenu();
    expect(screen.getByRole('link', { name: 'Payment-Gateway' })).toHaveAttribute('href', '/app/dashboard');
  });

  it('links the logo to the vendor board for a vendor', async () => {
    mockApi();
    signInAs('VENDOR_OPERATIONS');
    renderAppAt('/app/vendor-board');
    await mainMenu();
    expect(screen.getByRole('link', { name: 'Payment-Gateway' })).toHaveAttribute('href', '/app/vendor-board');
  });

  it('shows every entry to ADMIN, groups closed except the current one', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/payout');
    const nav = await mainMenu();
    expect(labelsOf(nav)).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Vendor Board',
        'Add data',
        'ChargeBack',
        'Merchant',
        'Bank Accounts',
        'Vendor',
      ]),
    );
    expect(within(nav).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/app/payout');
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Deposit' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Dropped' })).toBeNull();
  });

  it('opens a group on click and shows its items', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/dashboard');
    const nav = await mainMenu();
    fireEvent.click(within(nav).getByRole('button', { name: 'Settlements' }));
    expect(await within(nav).findByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/app/settlements');
    fireEvent.click(within(nav).getByRole('button', { name: 'User' }));
    expect(await within(nav).findByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/app/user');
  });

  it.each(['VENDOR', 'MERCHANT_OPERATIONS', 'OPERATIONS'] as const)('shows %s only its menu table', async (role) => {
    mockApi();
    signInAs(role);
    renderAppAt('/app/withdrawal/all');
    const nav = await mainMenu();
    const groups = menuFor(role).filter((entry) => entry.group);
    groups.forEach((entry) => {
      const toggle = within(nav).getByRole('button', { name: entry.label });
      if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
    });
    const expected = menuFor(role).flatMap((entry) => entry.items.map((item) => item.path));
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(expected),
    );
  });
});

describe('top bar (SPEC §2)', () => {
  it("shows the user's name and role label", async () => {
    mockApi();
    signInAs('MERCHANT_ADMIN', 'Meera Shah');
    renderAppAt('/app/dashboard');
    expect(await screen.findByText('Meera Shah', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Merchant Admin')).toBeInTheDocument();
  });

  it('logs out: revokes the session, clears local storage, returns to /', async () => {
    const calls = mockApi((call) =>
      call.path === '/v1/logout' ? json(200, { data: { message: 'Signed out.' } }) : undefined,
    );
    const token = signInAs('ADMIN');
    localStorage.setItem('something-else', 'x');
    renderAppAt('/app/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    const logout = calls.find((call) => call.path === '/v1/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(localStorage.length).toBe(0);
    expect(currentPath()).toBe('/');
  });

  it('ends the session on any 401 of an authorised call', async () => {
    mockApi((call) =>
      call.path === '/v1/getall-merchant'
        ? json(401, { error: { message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' } })
        : undefined,
    );
    signInAs('TRANSACTIONS');
    renderAppAt('/app/dashboard');
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    const toast = within(screen.getByRole('status'));
    expect(toast.getByText('401')).toBeInTheDocument();
    expect(toast.getByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(toast.getAllByText('401')).toHaveLength(1);
  });
});
