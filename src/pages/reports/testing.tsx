import type { ComponentType } from 'react';
import { configure, fireEvent, screen } from '@testing-library/react';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import type {
  AccountsReportRow,
  PayinReportRow,
  PayoutReportRow,
  VendorAccountsReportRow,
  VendorPayinReportRow,
} from './types';

/** The Reports screens' UI tests: rows as the API answers them, a fake API, and the form's controls. */

// These files run beside the other suites on two cores: a page may take seconds to draw.
configure({ asyncUtilTimeout: 5000 });

export const PAYIN: PayinReportRow = {
  id: 'pi-1',
  shortCode: 'K7Q2',
  fee: 1234.5,
  requestedAmount: 100000,
  utr: '412345678901',
  receivedAmount: 100000,
  status: 'SUCCESS',
  bank: 'ALPHA-HDFC',
  merchantCode: 'ACME',
  customerId: 'cust-7',
  merchantOrderId: 'order-1001',
  initiatedAt: '2026-11-20T06:30:00.000Z',
  confirmedAt: '2026-11-20T18:45:10.000Z',
};

export const VENDOR_PAYINS: VendorPayinReportRow[] = [
  {
    id: 've-1',
    vendorCode: 'V1',
    utr: '512345678901',
    amount: 2500,
    status: 'Used',
    bank: 'V1-SBI',
    receivedAt: PAYIN.initiatedAt,
  },
  {
    id: 've-2',
    vendorCode: 'V1',
    utr: '512345678902',
    amount: 75.25,
    status: 'Un-Used',
    bank: 'V1-SBI',
    receivedAt: '2026-11-22T10:00:00.000Z',
  },
];

export const PAYOUT: PayoutReportRow = {
  id: 'po-1',
  status: 'REVERSED',
  description: 'Reversed: bank returned it',
  amount: 20000,
  fee: 200,
  utr: '612345678901',
  merchantCode: 'ACME',
  merchantOrderId: 'WD-1',
  customerId: 'cust-9',
  accountNumber: '001234567890',
  accountHolder: 'Asha Rao',
  ifsc: 'HDFC0001234',
  initiatedAt: '2026-11-21T04:00:00.000Z',
  confirmedAt: null,
};

export const ACCOUNTS: AccountsReportRow = {
  merchantCode: 'ACME',
  day: '2026-11-25',
  payinCount: 3,
  payinAmount: 150000,
  payinFee: 3000,
  payoutCount: 1,
  payoutAmount: 20000,
  payoutFee: 200,
  reversedCount: 0,
  reversedAmount: 0,
  settlementCount: 1,
  settlementAmount: 50000,
  chargebackCount: 2,
  chargebackAmount: 700,
  balance: 75100,
  netBalance: -1250.5,
};

export const VENDOR_ACCOUNTS: VendorAccountsReportRow = {
  vendorCode: 'VEN-ALPHA',
  day: '2026-11-24',
  collectedCount: 4,
  collectedAmount: 9000,
  payinCount: 3,
  payinAmount: 8000,
  payoutCount: 1,
  payoutAmount: 1000,
  reversedCount: 0,
  reversedAmount: 0,
  commission: 90,
  settlementCount: 0,
  settlementAmount: 0,
  balance: 500,
  netBalance: -200,
};

/** Answers the merchant list, the enabled vendors, each report's rows (`rows` by API path) and every CSV. */
export const fakeApi = (rows: Record<string, { data: object[]; total?: number }>, refuse?: string) =>
  mockApi((call) => {
    if (call.path === '/v1/getall-merchant')
      return json(200, {
        data: {
          merchants: [
            { id: 'm1', code: 'ACME', name: 'Acme Retail', parentCode: null },
            { id: 'm2', code: 'BOLT', name: 'Bolt Foods', parentCode: null },
          ],
        },
      });
    if (call.path === '/v1/payouts/vendors')
      return json(200, {
        data: [
          { code: 'VEN-ALPHA', name: 'Alpha' },
          { code: 'VEN-BETA', name: 'Beta' },
        ],
      });
    if (call.path.endsWith('/export'))
      return new Response('id\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="r.csv"' } });
    if (refuse && call.path === `/v1/${refuse}`) return json(400, { error: { message: 'The range is too long.' } });
    const answer = rows[call.path.replace('/v1/', '')];
    return answer && json(200, answer);
  });

export const renderReport = (Screen: ComponentType, role: Role) => {
  const token = signInAs(role);
  renderInAdmin(
    <MerchantsProvider>
      <Screen />
    </MerchantsProvider>,
  );
  return token;
};

/** The calls for a report's rows (`path` under /v1), as query entries in the order sent. */
export const queriesOf = (calls: Call[], path: string) =>
  calls.filter((c) => c.path === `/v1/${path}`).map((c) => [...c.query.entries()]);

/** The row of the table that has a cell with this text. */
export const rowOf = async (text: string) =>
  (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

export const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

/** Picks an option of a select or an autocomplete, by the input's label. */
export const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

export const setDay = (label: string, day: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: day } });

export const press = (name: 'Search' | 'Download CSV') => fireEvent.click(screen.getByRole('button', { name }));
