import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { currentPath, json, mockApi, renderAppAt, renderInAdmin, signInAs, type Call } from '../../test-support';
import { PayinList } from './PayinList';
import type { Payin } from './types';

beforeEach(() => window.history.pushState({}, '', '/'));
afterEach(() => vi.unstubAllGlobals());

const PAYIN: Payin = {
  id: 'p1',
  merchantOrderId: 'ORD-1',
  merchantCode: 'ACME',
  customerId: 'CUST-1',
  status: 'SUCCESS',
  reason: null,
  amount: 500,
  confirmedAmount: 500,
  fee: 10,
  utr: '123456789012',
  submittedUtr: null,
  shortCode: 'K7Q2M',
  bankAccountId: null,
  bankNickname: null,
  source: 'RazorPay',
  providerPaymentId: 'pay_Nx81',
  test: false,
  hasScreenshot: false,
  callback: 'DELIVERED',
  expiresAt: '2026-03-20T06:40:00.000Z',
  createdAt: '2026-03-20T06:30:00.000Z',
  updatedAt: '2026-03-20T06:35:00.000Z',
};
const DETAIL = { ...PAYIN, timeline: [], journal: [], callbacks: [] };

const api = () =>
  mockApi((call) => {
    if (call.path === '/v1/payins') return json(200, { data: [PAYIN], total: 1 });
    if (call.path === '/v1/payins/p1') return json(200, { data: DETAIL });
    if (call.path === '/v1/bank-accounts') return json(200, { data: [], total: 0 });
    if (call.path === '/v1/provider-events') return json(200, { data: [], total: 0 });
    return undefined;
  });
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/v1/payins');

describe('the payment source on the Deposit screens', () => {
  it('is a column, and a filter with the options of SPEC §9 in its order, All leaving it out', async () => {
    const calls = api();
    signInAs('TRANSACTIONS');
    renderInAdmin(
      <MerchantsProvider>
        <ResourceContextProvider value="deposit/all">
          <PayinList view="all" />
        </ResourceContextProvider>
      </MerchantsProvider>,
    );
    const cell = await screen.findByText('RazorPay', { selector: 'td, td *' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers[within(cell.closest('tr')!).getAllByRole('cell').indexOf(cell.closest('td')!)]).toBe('Source');

    const filter = screen.getByRole('combobox', { name: 'Source' });
    expect(filter).toHaveTextContent('All');
    fireEvent.mouseDown(filter);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Manual', 'RazorPay', 'CashFree', 'PayU', 'All']);
    fireEvent.click(screen.getByRole('option', { name: 'CashFree' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('source')).toBe('CashFree'), { timeout: 3000 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Source' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.has('source')).toBe(false), { timeout: 3000 });
  });
});

const openShow = async (role: Role) => {
  api();
  signInAs(role);
  renderAppAt('/app/deposit/all/p1/show');
  return screen.findByText('pay_Nx81', {}, { timeout: 5000 });
};

describe('the pay-in page of a provider payment', () => {
  it("shows ADMIN the provider's payment id with a link to its events", async () => {
    await openShow('ADMIN');
    fireEvent.click(screen.getByRole('link', { name: 'Provider events of this pay-in' }));
    await waitFor(() => expect(currentPath()).toBe('/app/provider-events'));
    expect(JSON.parse(new URLSearchParams(window.location.search).get('filter') ?? '{}')).toEqual({ payinId: 'p1' });
  });

  it('shows other staff the id without the link', async () => {
    await openShow('TRANSACTIONS');
    expect(screen.queryByRole('link', { name: 'Provider events of this pay-in' })).not.toBeInTheDocument();
  });
});
