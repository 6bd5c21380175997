import { configure, screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import type { PayoutView } from '../../../domain/payout';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { PayoutList } from './PayoutList';
import type { Payout } from './types';

/** The Withdrawal screens' UI tests: a pay-out as the API lists it, a fake API and helpers to read the table. */

// These files run beside the other suites on two cores: a dialog or a page may take seconds to draw.
configure({ asyncUtilTimeout: 5000 });

export const PAYOUT: Payout = {
  id: '0b7c1e1a-8d3f-4a55-9c2e-5f1d2a3b4c5d',
  merchantOrderId: 'WD-1',
  merchantCode: 'ACME',
  fee: 15,
  vendorCode: null,
  customerId: 'CUST-1',
  status: 'INITIATED',
  reason: null,
  amount: 1000,
  utr: null,
  method: null,
  bankAccountId: null,
  bankNickname: null,
  accountHolder: 'Asha Rao',
  accountNumber: '001234567890',
  ifsc: 'HDFC0001234',
  bankName: 'HDFC Bank',
  upiId: null,
  test: false,
  awaitingChecker: null,
  awaitingProvider: null,
  callback: 'NONE',
  createdAt: '2026-03-20T06:30:00.000Z',
  updatedAt: '2026-03-20T06:35:00.000Z',
};
export const row = (order: string, fields: Partial<Payout>): Payout => ({
  ...PAYOUT,
  id: `id-${order}`,
  merchantOrderId: order,
  ...fields,
});

/** What a vendor user receives: the API leaves the merchant's fields out. */
export const forVendor = ({ merchantOrderId: _o, merchantCode: _m, fee: _f, ...rest }: Payout) => rest;

export const PAYOUT_BANK = {
  id: 'b9',
  nickname: 'ALPHA-SBI-PAYOUT',
  bankName: 'SBI',
  usedFor: 'PAYOUT',
  enabled: true,
};
type Answer = (call: Call) => Response | undefined;

const NO_EKO = { available: false, why: 'EKO_* unset' };

export const api = (
  rows: object[] = [PAYOUT],
  write: Answer = () => undefined,
  eko: { available: boolean; why: string | null } = NO_EKO,
) =>
  mockApi((call) => {
    if (call.path === '/v1/getall-merchant')
      return json(200, {
        data: {
          merchants: [
            { id: 'm1', code: 'ACME', name: 'Acme Retail', parentCode: null, minPayout: 100, maxPayout: 50000 },
          ],
        },
      });
    if (call.path === '/v1/bank-accounts') return json(200, { data: [PAYOUT_BANK], total: 1 });
    if (call.path === '/v1/payouts/vendors') return json(200, { data: [{ code: 'VEN-ALPHA', name: 'Alpha' }] });
    if (call.path === '/v1/payouts/providers') return json(200, { data: { eko } });
    if (call.path === '/v1/payouts' && call.method === 'GET') return json(200, { data: rows, total: rows.length });
    if (call.path === '/v1/confirmations') return json(200, { data: { confirmation: 'c-1', expiresAt: '' } });
    if (call.method === 'POST' && call.path.startsWith('/v1/payouts'))
      return write(call) ?? json(200, { data: { id: PAYOUT.id, status: 'SUCCESS' } });
    return undefined;
  });

export const renderList = (view: PayoutView, role: Role) => {
  signInAs(role);
  return renderInAdmin(
    <MerchantsProvider>
      <ResourceContextProvider value={`withdrawal/${view}`}>
        <PayoutList view={view} />
      </ResourceContextProvider>
    </MerchantsProvider>,
  );
};

export const lists = (calls: Call[]) => calls.filter((c) => c.path === '/v1/payouts' && c.method === 'GET');
export const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/payouts'));
export const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
export const rowOf = async (text: string) =>
  (await screen.findByText(text, { selector: 'td *, td' })).closest('tr') as HTMLElement;
export const buttonsOf = (tr: HTMLElement) =>
  within(tr)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label')?.split(' ')[0])
    .filter((name) => name !== 'Copy');
