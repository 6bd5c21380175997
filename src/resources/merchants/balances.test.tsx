import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { MerchantList } from './MerchantList';
import { MerchantShow } from './MerchantShow';
import type { Reconciliation } from './types';

afterEach(() => vi.unstubAllGlobals());

const ACME = {
  id: 'id-ACME',
  code: 'ACME',
  name: 'Acme Retail',
  siteUrl: 'https://acme.example',
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
  parentId: null,
  parentCode: null,
  balance: 1234567.5,
  held: 710.5,
  available: 1233857,
  subMerchantCount: 1,
  subMerchants: [{ id: 'id-KIDS', code: 'ACME-KIDS', name: 'Acme Kids', enabled: true }],
  bankAccounts: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const renderList = (role: Role, reconciliation: (call: Call) => Response = () => json(200, {})) => {
  signInAs(role);
  const calls = mockApi((call) => {
    if (call.path === '/v1/merchants') return json(200, { data: [ACME], total: 1 });
    if (call.path === '/v1/reconciliation') return reconciliation(call);
    return undefined;
  });
  renderInAdmin(
    <ResourceContextProvider value="merchant">
      <MerchantList />
    </ResourceContextProvider>,
  );
  return calls;
};

const NO_BANK_DIFFERENCE = { 'entry-amount': 0, 'utr-reused': 0, 'payin-without-entry': 0, 'entry-unused': 0 };
const result = (
  differences: Reconciliation['differences'],
  bank: Partial<Reconciliation['bank']> = {},
): Reconciliation => {
  const all = { differences: [], counts: NO_BANK_DIFFERENCE, limit: 100, unusedHours: 24, ...bank };
  return {
    differences,
    bank: all,
    clean: differences.length === 0 && all.differences.length === 0,
    checked: { merchants: 4, vendors: 2, accounts: 11, journals: 420, bankEntries: 96 },
    checkedAt: '2026-03-10T06:30:00.000Z',
  };
};

describe('the merchant list', () => {
  it('shows each merchant’s net balance from the server', async () => {
    renderList('TRANSACTIONS');
    const row = (await screen.findByText('ACME', { selector: 'td *, td' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹12,34,567.50')).toBeInTheDocument();
  });

  it.each(['TRANSACTIONS', 'MERCHANT_ADMIN'] as const)('offers %s no reconciliation', async (role) => {
    renderList(role);
    await screen.findByText('ACME', { selector: 'td *, td' });
    expect(screen.queryByRole('button', { name: 'Reconciliation' })).toBeNull();
  });

  it('lets ADMIN run the reconciliation and says plainly when every balance agrees', async () => {
    const calls = renderList('ADMIN', () => json(200, { data: result([]) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reconciliation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Balances against the ledger' });
    expect(
      await within(dialog).findByText(
        'Every balance agrees with the ledger: 4 merchants, 2 vendors, 11 ledger accounts and 420 journals checked at 10/03/2026 at 12:00:00 PM.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The records agree with the bank: 96 bank entries checked.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/reconciliation')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/reconciliation')).toHaveLength(2));
  });

  it('lists the figures that differ, with both sides and the difference', async () => {
    renderList('ADMIN', () =>
      json(200, {
        data: result([
          { party: 'merchant', code: 'ACME', what: 'balance', ledger: 1123.45, rows: 1000, difference: 123.45 },
          { party: 'journal', code: 'payin:x:success:2', what: 'sum', ledger: 0.01, rows: 0, difference: 0.01 },
        ]),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reconciliation' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/2 figures differ from the ledger/)).toBeInTheDocument();
    const acme = within(dialog).getByText('ACME').closest('tr') as HTMLElement;
    expect(
      within(acme)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Merchant', 'ACME', 'Balance', '₹1,123.45', '₹1,000.00', '₹123.45']);
    const journal = within(dialog).getByText('payin:x:success:2').closest('tr') as HTMLElement;
    expect(within(journal).getByText('Sum of entries')).toBeInTheDocument();
  });

  it('lists the records that differ from the bank entries: kind, reason and records, and how many were left out', async () => {
    const reason =
      'Pay-in ord-7 of BOLT was confirmed at ₹4,500.00 by admin but its bank entry (UTR 402611000001) shows ₹450.00, and no checker approved the difference: check the bank statement, then correct the pay-in or have a checker approve it.';
    renderList('ADMIN', () =>
      json(200, {
        data: result([], {
          differences: [
            {
              kind: 'entry-amount',
              reason,
              utr: '402611000001',
              records: [
                { entity: 'payins', id: 'p7', label: 'ord-7', code: 'BOLT', amount: 4500 },
                { entity: 'bank-entries', id: 'e7', label: '402611000001', code: 'BETA-AXIS-01', amount: 450 },
              ],
              amount: 4500,
              bankAmount: 450,
              difference: 4050,
              decision: { confirmedBy: 'admin', confirmedAt: '2026-03-10T06:00:00.000Z', checkedBy: null },
              credit: null,
            },
            {
              kind: 'utr-reused',
              reason: 'UTR 412345678901 proves 2 records: pay-out wd-1, settlement CRISP.',
              utr: '412345678901',
              records: [
                { entity: 'payouts', id: 'o1', label: 'wd-1', code: 'CRISP', amount: 600 },
                { entity: 'settlements', id: 's1', label: 'CRISP', code: 'CRISP', amount: 1000 },
              ],
              amount: null,
              bankAmount: null,
              difference: null,
              decision: null,
              credit: null,
            },
          ],
          counts: { ...NO_BANK_DIFFERENCE, 'entry-amount': 1, 'utr-reused': 130 },
        }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reconciliation' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Every balance agrees with the ledger/)).toBeInTheDocument();
    expect(within(dialog).getByText(/131 records differ from the bank entries/)).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Records against the bank' });
    const amount = within(table).getByText(reason).closest('tr') as HTMLElement;
    expect(
      within(amount)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Amount differs from its bank entry',
      reason,
      'Pay-in ord-7 (BOLT) ₹4,500.00Bank entry 402611000001 (BETA-AXIS-01) ₹450.00',
    ]);
    const reused = within(table).getByText('UTR used more than once').closest('tr') as HTMLElement;
    expect(within(reused).getByText('Settlement CRISP ₹1,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('UTR used more than once: The first 100 of 130 are listed.')).toBeInTheDocument();
  });

  it("shows the server's message when the check fails", async () => {
    renderList('ADMIN', () =>
      json(403, { error: { message: 'You do not have access to this screen.', code: 'FORBIDDEN' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reconciliation' }));
    expect(await screen.findByText('You do not have access to this screen.')).toBeInTheDocument();
  });
});

describe('the merchant show page', () => {
  it('shows the net balance with its sub-merchants, what is held and what is available', async () => {
    signInAs('ADMIN');
    mockApi((call) => (call.path === '/v1/merchants/id-ACME' ? json(200, { data: ACME }) : undefined));
    window.history.pushState({}, '', '/#/merchant/id-ACME/show');
    renderInAdmin(
      <MerchantsProvider>
        <ResourceContextProvider value="merchant">
          <Routes>
            <Route path="/merchant/:id/show" element={<MerchantShow />} />
          </Routes>
        </ResourceContextProvider>
      </MerchantsProvider>,
    );
    const card = (await screen.findByRole('heading', { name: 'Balance' })).closest('.MuiCard-root');
    expect(card?.textContent).toBe(
      'BalanceNet balance₹12,34,567.50Its sub-merchants’ included.Held₹710.50Available₹12,33,857.00',
    );
  });
});
