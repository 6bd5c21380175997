import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES, type Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { UserCreate } from './UserCreate';
import { roleChoices } from './UserInputs';

afterEach(() => vi.unstubAllGlobals());

/** SPEC §6, written out: the sub-roles each role may give (labels as shown). */
const SPEC_CHOICES: Record<Role, string[]> = {
  ADMIN: ['Merchant', 'Transactions', 'Operations', 'Vendor', 'Merchant-Admin'],
  VENDOR: ['Vendor-Operations'],
  MERCHANT: ['Merchant-Operations'],
  MERCHANT_ADMIN: ['Merchant', 'Merchant-Operations'],
  TRANSACTIONS: ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin'],
  OPERATIONS: ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin'],
  MERCHANT_OPERATIONS: ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin'],
  VENDOR_OPERATIONS: ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin'],
};

const VALUES: Record<string, Role> = {
  Merchant: 'MERCHANT',
  Transactions: 'TRANSACTIONS',
  Operations: 'OPERATIONS',
  Vendor: 'VENDOR',
  'Merchant-Admin': 'MERCHANT_ADMIN',
  'Vendor-Operations': 'VENDOR_OPERATIONS',
  'Merchant-Operations': 'MERCHANT_OPERATIONS',
};

describe('roleChoices (SPEC §6)', () => {
  it.each(ROLES)('%s gives exactly its sub-roles: label shown, role value sent', (role) =>
    expect(roleChoices(role)).toEqual(SPEC_CHOICES[role].map((name) => ({ id: VALUES[name], name }))),
  );

  it("keeps an edited user's current role visible even when the editor may not give it", () =>
    expect(roleChoices('MERCHANT', 'MERCHANT_ADMIN').map((c) => c.name)).toEqual([
      'Merchant-Operations',
      'Merchant Admin',
    ]));
});

const MERCHANTS = [
  { id: 'm1', code: 'ACME', name: 'Acme Retail', parentCode: null },
  { id: 'm2', code: 'BOLT', name: 'Bolt Games', parentCode: null },
];

const api = (users: (call: Call) => Response = () => json(201, { data: { id: 'u9' } })) =>
  mockApi((call) => {
    if (call.path === '/v1/getall-merchant') return json(200, { data: { merchants: MERCHANTS, total: 2 } });
    if (call.path === '/v1/vendors')
      return json(200, { data: [{ id: 'v1', code: 'VEN-ALPHA', name: 'Alpha' }], total: 1 });
    if (call.path === '/v1/users' && call.method === 'POST') return users(call);
    return undefined;
  });

const renderCreate = () =>
  renderInAdmin(
    <MerchantsProvider>
      <ResourceContextProvider value="user">
        <UserCreate />
      </ResourceContextProvider>
    </MerchantsProvider>,
  );

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const openRoles = async () => {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Role' }));
  return within(await screen.findByRole('listbox'));
};

const shownRoles = async () =>
  (await openRoles())
    .getAllByRole('option')
    .map((option) => option.textContent?.trim())
    .filter(Boolean);

const fillPerson = () => {
  type('Full Name', 'Nisha Rao');
  type('User Name', 'nisha');
  type(/^Password/, 'secret-pass-123');
};

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/v1/users');

describe('creating a user', () => {
  it.each(['ADMIN', 'TRANSACTIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'VENDOR'] as const)(
    'offers %s exactly its SPEC §6 sub-roles',
    async (role) => {
      api();
      signInAs(role);
      renderCreate();
      expect(await shownRoles()).toEqual(SPEC_CHOICES[role]);
    },
  );

  it('asks a merchant role for merchant codes from the client merchant list, and sends the role value', async () => {
    const calls = api();
    signInAs('ADMIN');
    renderCreate();
    fillPerson();
    fireEvent.click((await openRoles()).getByRole('option', { name: 'Merchant-Admin' }));

    const codes = await screen.findByRole('combobox', { name: 'Merchant Code' });
    fireEvent.keyDown(codes, { key: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'ACME — Acme Retail',
      'BOLT — Bolt Games',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'BOLT — Bolt Games' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0].body).toEqual({
      userName: 'nisha',
      password: 'secret-pass-123',
      fullName: 'Nisha Rao',
      role: 'MERCHANT_ADMIN',
      merchantCodes: ['BOLT'],
      vendorCode: null,
    });
  });

  it('requires merchant codes for a merchant role', async () => {
    const calls = api();
    signInAs('MERCHANT_ADMIN');
    renderCreate();
    fillPerson();
    fireEvent.click((await openRoles()).getByRole('option', { name: 'Merchant-Operations' }));
    await screen.findByRole('combobox', { name: 'Merchant Code' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Merchant Code is Required!')).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);
  });

  it("fixes a vendor creator's own vendor code on the new user", async () => {
    const calls = api();
    signInAs('VENDOR');
    renderCreate();
    fillPerson();
    fireEvent.click((await openRoles()).getByRole('option', { name: 'Vendor-Operations' }));
    expect(await screen.findByLabelText('Vendor Code')).toBeDisabled();
    expect(screen.getByLabelText('Vendor Code')).toHaveValue('V1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0].body).toMatchObject({ role: 'VENDOR_OPERATIONS', vendorCode: 'V1', merchantCodes: [] });
  });

  it('checks the password rule before sending', async () => {
    const calls = api();
    signInAs('ADMIN');
    renderCreate();
    fillPerson();
    type(/^Password/, 'abcdefgh');
    fireEvent.click((await openRoles()).getByRole('option', { name: 'Operations' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Password must be at least 12 characters and contain a letter and a digit.'),
    ).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);
  });

  it("shows the server's message on the field it names", async () => {
    api(() => json(400, { error: { message: 'Unknown merchant BOLT', code: 'VALIDATION', field: 'merchantCodes' } }));
    signInAs('MERCHANT');
    renderCreate();
    fillPerson();
    fireEvent.click((await openRoles()).getByRole('option', { name: 'Merchant-Operations' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Merchant Code' }), { target: { value: 'BO' } });
    fireEvent.click(await screen.findByRole('option', { name: 'BOLT — Bolt Games' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown merchant BOLT')).toBeInTheDocument();
  });
});
