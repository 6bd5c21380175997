import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderInAdmin, signInAs } from '../../test-support';
import { VendorList } from './VendorList';
import { VendorShow } from './VendorShow';
import type { Vendor } from './types';

afterEach(() => vi.unstubAllGlobals());

const vendor = (code: string, balance: number, unmatched = 0): Vendor => ({
  id: `id-${code}`,
  code,
  name: `Vendor ${code}`,
  payinCommissionPercent: 1.5,
  payoutCommissionPercent: 1,
  enabled: true,
  balance,
  unmatched,
  createdBy: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const ROWS = [vendor('VEN-ALPHA', 123456.5, 555), vendor('VEN-BETA', -20), vendor('VEN-GAMMA', 0)];

describe('vendor balances', () => {
  it('say in words who owes whom, with the unmatched entries beside them', async () => {
    signInAs('ADMIN');
    mockApi((call) => (call.path === '/v1/vendors' ? json(200, { data: ROWS, total: ROWS.length }) : undefined));
    renderInAdmin(
      <ResourceContextProvider value="vendor">
        <VendorList />
      </ResourceContextProvider>,
    );
    const row = async (code: string) =>
      (await screen.findByText(code, { selector: 'td *, td' })).closest('tr') as HTMLElement;
    expect(within(await row('VEN-ALPHA')).getByText('VEN-ALPHA owes the gateway ₹1,23,456.50')).toBeInTheDocument();
    expect(within(await row('VEN-ALPHA')).getByText('₹555.00')).toBeInTheDocument();
    expect(within(await row('VEN-BETA')).getByText('The gateway owes VEN-BETA ₹20.00')).toBeInTheDocument();
    expect(within(await row('VEN-GAMMA')).getByText('Settled')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Unmatched entries' })).toBeInTheDocument();
  });

  it('are on the show page too', async () => {
    signInAs('TRANSACTIONS');
    mockApi((call) =>
      call.path === '/v1/vendors/id-VEN-BETA' ? json(200, { data: vendor('VEN-BETA', -20, 75) }) : undefined,
    );
    window.history.pushState({}, '', '/#/vendor/id-VEN-BETA/show');
    renderInAdmin(
      <ResourceContextProvider value="vendor">
        <Routes>
          <Route path="/vendor/:id/show" element={<VendorShow />} />
        </Routes>
      </ResourceContextProvider>,
    );
    expect(await screen.findByText('The gateway owes VEN-BETA ₹20.00')).toBeInTheDocument();
    expect(screen.getByText('Unmatched entries')).toBeInTheDocument();
    expect(screen.getByText('₹75.00')).toBeInTheDocument();
  });
});
