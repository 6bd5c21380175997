import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { json, mockApi, renderInAdmin, signInAs } from '../../test-support';
import type { User } from './types';
import { UserList } from './UserList';

afterEach(() => vi.unstubAllGlobals());

const user = (id: string, role: Role, hiddenMerchantCodes = 0): User => ({
  id,
  fullName: `Person ${id}`,
  userName: id,
  role,
  roleLabel: role,
  merchantCodes: ['M100'],
  hiddenMerchantCodes,
  vendorCode: null,
  enabled: true,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/**
 * A MERCHANT sees itself, a user of a role it gives (MERCHANT_OPERATIONS), one it does not
 * (MERCHANT_ADMIN), and one of a role it gives that also holds a merchant it cannot see.
 */
const ROWS = [
  user('id-MERCHANT', 'MERCHANT'),
  user('ops', 'MERCHANT_OPERATIONS'),
  user('boss', 'MERCHANT_ADMIN'),
  user('shared', 'MERCHANT_OPERATIONS', 1),
];

const renderList = () => {
  mockApi((call) => (call.path === '/v1/users' ? json(200, { data: ROWS, total: ROWS.length }) : undefined));
  signInAs('MERCHANT');
  renderInAdmin(
    <ResourceContextProvider value="user">
      <UserList />
    </ResourceContextProvider>,
  );
};

const rowOf = async (userName: string) =>
  within((await screen.findByText(userName, { selector: 'td *, td' })).closest('tr') as HTMLElement);

describe('managing users from the list (the rule the server applies)', () => {
  it('offers edit, reset password and the switch on a user of a role the signed-in user gives', async () => {
    renderList();
    const row = await rowOf('ops');
    expect(row.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Reset password ops' })).toBeInTheDocument();
    expect(row.getByRole('switch', { name: 'Enabled' })).toBeEnabled();
  });

  it.each(['boss', 'id-MERCHANT', 'shared'])('offers none of them on %s', async (userName) => {
    renderList();
    const row = await rowOf(userName);
    expect(row.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(row.queryByRole('button', { name: /^Reset password/ })).toBeNull();
    expect(row.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
  });

  it('says that a user holds merchants the signed-in user cannot see, without naming them', async () => {
    renderList();
    expect((await rowOf('shared')).getByText('+1 other merchant')).toBeInTheDocument();
    expect((await rowOf('ops')).queryByText(/other merchant/)).toBeNull();
  });
});
