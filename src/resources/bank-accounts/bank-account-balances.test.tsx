import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { istDayOf } from '../../../domain/format';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { balanceDaysToday } from './BankAccountFilters';
import { BankAccountList } from './BankAccountList';

afterEach(() => vi.unstubAllGlobals());

const account = (nickname: string, usedFor: string, balance: number) => ({
  id: `id-${nickname}`,
  nickname,
  bankName: 'HDFC Bank',
  holderName: 'Alpha Collections',
  accountNumber: 'XXXXXX7890',
  ifsc: 'HDFC0001234',
  upiId: null,
  usedFor,
  showQr: true,
  showBankDetails: true,
  minPayin: 100,
  maxPayin: 100000,
  dailyLimit: null,
  enabled: true,
  vendorId: 'v1',
  vendorCode: 'VEN-ALPHA',
  merchantCodes: [],
  createdBy: null,
  approval: 'NOT_REQUIRED',
  approvedBy: null,
  approvedAt: null,
  makers: [],
  balance,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const ROWS = [account('ALPHA-HDFC-01', 'PAYIN', 125000.5), account('ALPHA-SBI-PAYOUT', 'PAYOUT', 700)];
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/v1/bank-accounts' && c.method === 'GET');

describe('the bank account list’s balance', () => {
  it('is today’s (IST) unless other days are chosen, for each account', async () => {
    signInAs('ADMIN');
    const calls = mockApi((call) =>
      call.path === '/v1/bank-accounts' ? json(200, { data: ROWS, total: ROWS.length }) : undefined,
    );
    renderInAdmin(
      <MerchantsProvider>
        <ResourceContextProvider value="bank-accounts">
          <BankAccountList />
        </ResourceContextProvider>
      </MerchantsProvider>,
    );
    const row = (await screen.findByText('ALPHA-HDFC-01', { selector: 'td *, td' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹1,25,000.50')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toBeInTheDocument();
    const today = istDayOf(new Date());
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('from')).toBe(today));
    expect(lists(calls).at(-1)?.query.get('to')).toBe(today);
    fireEvent.change(screen.getByLabelText('From (IST)'), { target: { value: '2024-03-10' } });
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('from')).toBe('2024-03-10'), { timeout: 5000 });
    expect(lists(calls).at(-1)?.query.get('to')).toBe(today);
  });

  it('starts on the IST day, not the UTC one', () => {
    // 20:00 UTC on 10 March is 01:30 on 11 March in India.
    expect(balanceDaysToday(new Date('2024-03-10T20:00:00Z'))).toEqual({ from: '2024-03-11', to: '2024-03-11' });
  });
});
