import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs } from '../../test-support';
import type { Role } from '../../../domain/roles';
import { MerchantEdit } from './MerchantEdit';
import { MerchantList } from './MerchantList';
import type { Merchant } from './types';

afterEach(() => vi.unstubAllGlobals());

const merchant = (code: string, extra: Partial<Merchant> = {}): Merchant => ({
  id: `id-${code}`,
  code,
  name: `Merchant ${code}`,
  siteUrl: `https://${code.toLowerCase()}.example`,
  returnUrl: null,
  payinCallbackUrl: null,
  payoutCallbackUrl: null,
  apiKeyPrefix: 'pg_live_abcd',
  minPayin: 100,
  maxPayin: 100000,
  payinFeePercent: 2.5,
  minPayout: 500,
  maxPayout: 200000,
  payoutFeePercent: 1.5,
  testMode: false,
  disputesAllowed: true,
  enabled: true,
  suspendedByStaff: false,
  suspendedAt: null,
  parentId: null,
  parentCode: null,
  balance: 0,
  held: 0,
  available: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const CONTROLS = ['Min Payin', 'Max Payin', 'Payin Fee %', 'Min Payout', 'Max Payout', 'Payout Fee %'];

const renderEdit = (role: Role, extra: Partial<Merchant> = { allowIntent: false, intentProvider: null }) => {
  signInAs(role);
  const record = merchant('M100', extra);
  const calls = mockApi((call) => {
    if (call.path === '/v1/merchants/id-M100' && call.method === 'GET') return json(200, { data: record });
    if (call.path === '/v1/merchants/id-M100' && call.method === 'PUT')
      return json(200, { data: { ...record, ...(call.body as object) } });
    return undefined;
  });
  // The admin context outside the app makes its own hash router.
  window.history.pushState({}, '', '/#/merchant/id-M100');
  renderInAdmin(
    <MerchantsProvider>
      <ResourceContextProvider value="merchant">
        <Routes>
          <Route path="/merchant/:id" element={<MerchantEdit />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </ResourceContextProvider>
    </MerchantsProvider>,
  );
  return calls;
};

describe("the gateway's controls in the merchant form", () => {
  it('shows a merchant admin the limits, fees and options read-only, and lets it edit the rest', async () => {
    const calls = renderEdit('MERCHANT_ADMIN');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Merchant M100'));
    for (const label of CONTROLS) {
      expect(screen.queryByRole('spinbutton', { name: label })).toBeNull();
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByLabelText('Min Payin')).toHaveValue('₹100.00');
    expect(screen.getByLabelText('Payin Fee %')).toHaveValue('2.50 %');
    expect(screen.queryByRole('switch', { name: 'Test Mode' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Disputes Allowed' })).toBeNull();
    expect(screen.getByLabelText('Test Mode')).toHaveValue('No');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    // The controls go back unchanged, which the server takes as no change.
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name: 'Renamed',
      minPayin: 100,
      testMode: false,
    });
  });

  it('gives staff inputs for every control', async () => {
    renderEdit('ADMIN');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Merchant M100'));
    for (const label of CONTROLS)
      expect(screen.getByRole('spinbutton', { name: label })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Test Mode' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Disputes Allowed' })).toBeInTheDocument();
  });
});

describe('Allow Intent and the intent provider', () => {
  it('lets ADMIN allow intent and choose the provider, and sends both', async () => {
    const calls = renderEdit('ADMIN');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Merchant M100'));
    const provider = screen.getByRole('combobox', { name: 'Intent Provider' });
    expect(provider).toHaveTextContent('Any configured');
    fireEvent.mouseDown(provider);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Any configured', 'RazorPay', 'CashFree', 'PayU']);
    fireEvent.click(screen.getByRole('option', { name: 'CashFree' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Allow Intent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      allowIntent: true,
      intentProvider: 'cashfree',
    });
  });

  it('sends no provider for Any configured', async () => {
    const calls = renderEdit('ADMIN', { allowIntent: true, intentProvider: 'payu' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Intent Provider' })).toHaveTextContent('PayU'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Intent Provider' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Any configured' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ allowIntent: true, intentProvider: null });
  });

  it.each(['TRANSACTIONS', 'MERCHANT_ADMIN'] as const)('is neither shown to %s nor sent', async (role) => {
    const calls = renderEdit(role, { allowIntent: true, intentProvider: 'payu' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Merchant M100'));
    expect(screen.queryByRole('switch', { name: 'Allow Intent' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Intent Provider' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('allowIntent');
    expect(body).not.toHaveProperty('intentProvider');
  });
});

describe('the enabled switch of merchant rows', () => {
  const ROWS = [
    merchant('M100'),
    merchant('M100-KIDS', { parentId: 'id-M100', parentCode: 'M100' }),
    merchant('M100-TOYS', { parentId: 'id-M100', parentCode: 'M100', enabled: false, suspendedByStaff: true }),
    merchant('M100-PETS', { parentId: 'id-M100', parentCode: 'M100', enabled: false }),
  ];
  const renderList = (role: Role) => {
    signInAs(role);
    mockApi((call) => (call.path === '/v1/merchants' ? json(200, { data: ROWS, total: ROWS.length }) : undefined));
    renderInAdmin(
      <ResourceContextProvider value="merchant">
        <MerchantList />
      </ResourceContextProvider>,
    );
  };
  const switchOf = async (code: string) =>
    within((await screen.findByText(code, { selector: 'td *, td' })).closest('tr') as HTMLElement).getByRole('switch', {
      name: 'Enabled',
    });

  it('lets a merchant admin switch its own sub-merchants only, never lifting a staff suspension', async () => {
    renderList('MERCHANT_ADMIN');
    expect(await switchOf('M100')).toBeDisabled();
    expect(await switchOf('M100-KIDS')).toBeEnabled();
    expect(await switchOf('M100-PETS')).toBeEnabled();
    expect(await switchOf('M100-TOYS')).toBeDisabled();
    const toys = (await screen.findByText('M100-TOYS', { selector: 'td *, td' })).closest('tr') as HTMLElement;
    expect(within(toys).getByText('Suspended by staff')).toBeInTheDocument();
  });

  it('lets staff switch every merchant', async () => {
    renderList('ADMIN');
    for (const row of ROWS) expect(await switchOf(row.code)).toBeEnabled();
  });
});
