import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayinView } from '../../../domain/payin';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { currentPath, json, mockApi, renderAppAt, renderInAdmin, signInAs, type Call } from '../../test-support';
import { dayShown } from '../shared/DayInput';
import { presetRange } from './datePresets';
import { PayinList } from './PayinList';
import type { Payin } from './types';

beforeEach(() => {
  // The lists keep their filters in the address: each test starts from a clean one.
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

const PAYIN: Payin = {
  id: 'p1',
  merchantOrderId: 'ORD-1',
  merchantCode: 'ACME',
  customerId: 'CUST-1',
  status: 'DISPUTE',
  reason: 'Amount differs from the bank entry',
  amount: 500,
  confirmedAmount: null,
  fee: 10,
  utr: '123456789012',
  submittedUtr: '123456789012',
  shortCode: 'K7Q2M',
  bankAccountId: 'b1',
  bankNickname: 'ALPHA-HDFC-01',
  source: 'Manual',
  test: false,
  hasScreenshot: false,
  callback: 'FAILED',
  expiresAt: '2026-03-20T06:40:00.000Z',
  createdAt: '2026-03-20T06:30:00.000Z',
  updatedAt: '2026-03-20T06:35:00.000Z',
};

/** What a vendor user receives: the API leaves the merchant's fields out. */
const forVendor = (payin: Payin) =>
  Object.fromEntries(
    Object.entries(payin).filter(
      ([field]) => !['merchantOrderId', 'merchantCode', 'customerId', 'fee'].includes(field),
    ),
  );

const api = (rows: object[] = [PAYIN], write: (call: Call) => Response | undefined = () => undefined) =>
  mockApi((call) => {
    if (call.path === '/v1/getall-merchant')
      return json(200, { data: { merchants: [{ id: 'm1', code: 'ACME', name: 'Acme Retail', parentCode: null }] } });
    if (call.path === '/v1/bank-accounts') return json(200, { data: [], total: 0 });
    if (call.path === '/v1/payins' && call.method === 'GET') return json(200, { data: rows, total: rows.length });
    if (call.path === '/v1/confirmations') return json(200, { data: { confirmation: 'c-1', expiresAt: '' } });
    if (call.method === 'POST' && call.path.startsWith('/v1/payins/')) return write(call) ?? json(200, { data: PAYIN });
    return undefined;
  });

const renderList = (view: PayinView, role: Role) => {
  signInAs(role);
  return renderInAdmin(
    <MerchantsProvider>
      <ResourceContextProvider value={`deposit/${view}`}>
        <PayinList view={view} />
      </ResourceContextProvider>
    </MerchantsProvider>,
  );
};

const lists = (calls: Call[]) => calls.filter((c) => c.path === '/v1/payins' && c.method === 'GET');
const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/payins/'));
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const rowOf = async (text: string) =>
  (await screen.findByText(text, { selector: 'td *, td' })).closest('tr') as HTMLElement;

describe('the four Deposit screens', () => {
  it.each<[PayinView, string | null]>([
    ['progress', 'INITIATED,ASSIGNED,PENDING,IMG_PENDING'],
    ['completed', 'SUCCESS'],
    ['dropped', 'DROPPED'],
    ['all', null],
  ])('%s asks for its statuses, newest first', async (view, status) => {
    const calls = api();
    renderList(view, 'ADMIN');
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    const { query } = lists(calls)[0];
    expect(query.get('status')).toBe(status);
    expect(query.get('sortBy')).toBe('createdAt');
    expect(query.get('sortOrder')).toBe('desc');
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('25');
  });

  it('offers a status filter only on All', async () => {
    api();
    renderList('progress', 'ADMIN');
    await rowOf('K7Q2M');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('lets All choose the statuses', async () => {
    const calls = api();
    renderList('all', 'ADMIN');
    await rowOf('K7Q2M');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dispute' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Duplicate' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('status')).toBe('DISPUTE,DUPLICATE'), {
      timeout: 3000,
    });
  });
});

describe('the filters', () => {
  it('turn a date preset into IST days, and leave the sub-merchant flag out until ticked', async () => {
    const calls = api();
    renderList('progress', 'MERCHANT_ADMIN');
    await rowOf('ALPHA-HDFC-01');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    const { from, to } = presetRange('last7');
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('from')).toBe(from));
    expect(lists(calls).at(-1)?.query.get('to')).toBe(to);
    expect(lists(calls).at(-1)?.query.has('includeSubMerchants')).toBe(false);
    // Shown dd/mm/yyyy whatever the browser's language (issue 31, item 7).
    await waitFor(() => expect(screen.getByLabelText('From (IST)')).toHaveValue(dayShown(from)));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Sub Merchant' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('includeSubMerchants')).toBe('true'), { timeout: 3000 });
    expect(lists(calls).at(-1)?.query.get('status')).toBe('INITIATED,ASSIGNED,PENDING,IMG_PENDING');
  });
});

describe('the columns', () => {
  it('show staff everything, the short code first, the commission on Completed', async () => {
    api([{ ...PAYIN, status: 'SUCCESS' }]);
    renderList('completed', 'ADMIN');
    await rowOf('K7Q2M');
    expect(headers()).toEqual([
      'Action',
      'Code',
      'Confirmed',
      'Commission',
      'Amount',
      'Status',
      'Order ID · Merchant',
      'UTR Submitted · Bank',
      'Source',
      'Bank',
      'Updated At (IST)',
    ]);
    const row = await rowOf('K7Q2M');
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toBeInTheDocument();
    expect(within(row).getByText('20/03/2026 at 12:05:00 PM')).toBeInTheDocument();
    expect(within(row).getByText('₹500.00')).toBeInTheDocument();
  });

  it('leave out the commission on the other screens; the code is shown and searched by every staff role', async () => {
    for (const role of ['TRANSACTIONS', 'OPERATIONS'] as const) {
      const calls = api();
      const view = renderList('progress', role);
      await rowOf('ALPHA-HDFC-01');
      expect(headers()).not.toContain('Commission');
      expect(headers()).toContain('Code');
      fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: 'k7q2m' } });
      await waitFor(() => expect(lists(calls).at(-1)?.query.get('shortCode')).toBe('k7q2m'), { timeout: 3000 });
      view.unmount();
    }
  });

  it.each(['VENDOR', 'VENDOR_OPERATIONS'] as const)("hide the merchant's fields and actions from %s", async (role) => {
    api([forVendor({ ...PAYIN, status: 'SUCCESS' })]);
    renderList('completed', role);
    await rowOf('ALPHA-HDFC-01');
    for (const hidden of ['Commission', 'Order ID · Merchant', 'Customer ID', 'Action'])
      expect(headers()).not.toContain(hidden);
    // The code is what a vendor quotes to the gateway about a credit.
    expect(headers()).toContain('Code');
    expect(headers()).toContain('Amount');
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'UTR' })).toBeInTheDocument();
  });

  it('shows the status with its reason and a TEST tag', async () => {
    api([{ ...PAYIN, test: true }]);
    renderList('all', 'ADMIN');
    const row = await rowOf('K7Q2M');
    expect(within(row).getByText('Dispute')).toBeInTheDocument();
    expect(within(row).getByText('TEST')).toBeInTheDocument();
    fireEvent.mouseOver(within(row).getByText('Dispute'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Amount differs from the bank entry');
  });
});

describe('the row actions', () => {
  // Who else: domain/payin.test.ts (mayAct, every action by every role; PAYIN_STAFF may act).
  it('are offered to the pay-in staff (TRANSACTIONS)', async () => {
    api([PAYIN, { ...PAYIN, id: 'p2', shortCode: 'DROP1', status: 'DROPPED', bankNickname: 'B2' }]);
    renderList('all', 'TRANSACTIONS');
    const disputed = await rowOf('ALPHA-HDFC-01');
    expect(within(disputed).getByRole('button', { name: /Set to Success/ })).toBeInTheDocument();
    expect(within(disputed).queryByRole('button', { name: /Set to Initiated/ })).not.toBeInTheDocument();
    const dropped = await rowOf('B2');
    expect(within(dropped).getByRole('button', { name: /Set to Initiated/ })).toBeInTheDocument();
    expect(within(dropped).queryByRole('button', { name: /Set to Success/ })).not.toBeInTheDocument();
  });

  // Who else: domain/payin.test.ts (mayAct: no merchant or vendor role confirms, reopens or notifies).
  it('are not offered to the others (MERCHANT_ADMIN)', async () => {
    api([PAYIN, { ...PAYIN, id: 'p2', status: 'DROPPED', bankNickname: 'B2' }]);
    renderList('all', 'MERCHANT_ADMIN');
    await rowOf('B2');
    expect(screen.queryByRole('button', { name: /Set to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send the callback again/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Payment link' })).not.toBeInTheDocument();
  });

  it('sets a pay-in to SUCCESS with the amount confirmed, behind the password', async () => {
    const calls = api();
    renderList('all', 'OPERATIONS');
    const row = await rowOf('ALPHA-HDFC-01');
    fireEvent.click(within(row).getByRole('button', { name: /Set to Success/ }));
    const amount = await screen.findByRole('spinbutton', { name: 'Confirmed Amount' });
    expect(amount).toHaveValue(500);
    fireEvent.change(amount, { target: { value: '499.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(/Set pay-in K7Q2M to Success with ₹499.50\?/)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({ action: 'payin.confirm' });
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/payins/p1/confirm', body: { confirmedAmount: 499.5 } });
    expect(writes(calls)[0].headers['x-confirmation']).toBe('c-1');
    expect(await screen.findByText('Pay-in K7Q2M is now Success.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses", async () => {
    api(undefined, () =>
      json(409, { error: { message: 'A pay-in in status SUCCESS cannot be set to SUCCESS.', code: 'CONFLICT' } }),
    );
    renderList('all', 'ADMIN');
    fireEvent.click(within(await rowOf('K7Q2M')).getByRole('button', { name: /Set to Success/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A pay-in in status SUCCESS cannot be set to SUCCESS.')).toBeInTheDocument();
  });

  it('sets a dropped pay-in back to INITIATED after a confirm dialog', async () => {
    const calls = api([{ ...PAYIN, status: 'DROPPED' }]);
    renderList('dropped', 'TRANSACTIONS');
    fireEvent.click(within(await rowOf('ALPHA-HDFC-01')).getByRole('button', { name: /Set to Initiated/ }));
    expect(await screen.findByText('Set pay-in K7Q2M back to Initiated?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].path).toBe('/v1/payins/p1/reopen');
  });
});

describe('the callback bell', () => {
  it('sends the latest callback again', async () => {
    const calls = api();
    renderList('all', 'ADMIN');
    const row = await rowOf('K7Q2M');
    fireEvent.click(within(row).getByRole('button', { name: /Callback failed\. Send the callback again/ }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].path).toBe('/v1/payins/p1/callbacks');
    expect(await screen.findByText('The callback is sent again.')).toBeInTheDocument();
  });

  it('only shows the state to a merchant', async () => {
    api();
    renderList('all', 'MERCHANT');
    const row = await rowOf('ALPHA-HDFC-01');
    expect(within(row).getByRole('img', { name: 'Callback failed' })).toBeInTheDocument();
  });
});

describe('the export', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  });

  it("carries the screen's statuses and the filters chosen", async () => {
    const calls = mockApi((call) => {
      if (call.path === '/v1/payins') return json(200, { data: [{ ...PAYIN, status: 'SUCCESS' }], total: 1 });
      if (call.path === '/v1/payins/export') return new Response('id\np1\n', { status: 200 });
      if (call.path === '/v1/bank-accounts') return json(200, { data: [], total: 0 });
      return undefined;
    });
    renderList('completed', 'ADMIN');
    await rowOf('K7Q2M');
    fireEvent.change(screen.getByRole('textbox', { name: 'UTR' }), { target: { value: '123456789012' } });
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('utr')).toBe('123456789012'), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/payins/export')).toBe(true));
    const exported = calls.find((c) => c.path === '/v1/payins/export')!;
    expect(Object.fromEntries(exported.query)).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      utr: '123456789012',
      status: 'SUCCESS',
    });
    expect(exported.headers.Authorization).toMatch(/^Bearer /);
  });
});

describe('the screenshot of an IMG_PENDING pay-in', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:shot'), revokeObjectURL: vi.fn() }));
  });

  it('loads with the credential, and takes the UTR staff read off it', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/v1/payins')
        return json(200, { data: [{ ...PAYIN, status: 'IMG_PENDING', hasScreenshot: true, utr: null }], total: 1 });
      if (call.path === '/v1/payins/p1/screenshot') return new Response('png', { status: 200 });
      if (call.path === '/v1/payins/p1/utr') return json(200, { data: PAYIN });
      return undefined;
    });
    renderList('progress', 'OPERATIONS');
    fireEvent.click(within(await rowOf('ALPHA-HDFC-01')).getByRole('button', { name: /View screenshot/ }));
    expect(await screen.findByRole('img', { name: "The customer's screenshot" })).toHaveAttribute('src', 'blob:shot');
    const shot = calls.find((c) => c.path === '/v1/payins/p1/screenshot')!;
    expect(shot.headers.Authorization).toMatch(/^Bearer /);

    const utr = screen.getByRole('textbox', { name: 'Add UTR here' });
    fireEvent.change(utr, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit UTR' }));
    expect(await screen.findByText('Add UTR here must be the 12 digits of the bank reference')).toBeInTheDocument();
    fireEvent.change(utr, { target: { value: '4321 0987 6543' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit UTR' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/payins/p1/utr', body: { utr: '432109876543' } });
  });

  it('is not offered to a merchant', async () => {
    api([{ ...PAYIN, status: 'IMG_PENDING', hasScreenshot: true }]);
    renderList('progress', 'MERCHANT_ADMIN');
    await rowOf('ALPHA-HDFC-01');
    expect(screen.queryByRole('button', { name: /View screenshot/ })).not.toBeInTheDocument();
  });
});

describe('a new payment link', () => {
  it('is made by the server for the merchant chosen, and shown to copy', async () => {
    const calls = api([], (call) =>
      call.path === '/v1/payins/links'
        ? json(201, {
            data: {
              id: 'p9',
              merchantOrderId: 'LINK-1',
              status: 'INITIATED',
              amount: 250,
              payUrl: 'https://pay.example/pay/p9',
              expiresAt: '2026-03-20T06:40:00.000Z',
            },
          })
        : undefined,
    );
    renderList('progress', 'TRANSACTIONS');
    fireEvent.click(await screen.findByRole('button', { name: 'New Payment link' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Merchant' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme Retail' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Customer ID' }), { target: { value: 'CUST-9' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Amount (optional)' }), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Test link?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    expect(await screen.findByDisplayValue('https://pay.example/pay/p9')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      path: '/v1/payins/links',
      body: { merchantCode: 'ACME', customerId: 'CUST-9', amount: 250, test: true },
    });
    expect(JSON.stringify(writes(calls)[0])).not.toMatch(/api.?key/i);
  });
});

describe('in the shell', () => {
  const DETAIL = {
    ...PAYIN,
    status: 'SUCCESS',
    timeline: [
      { action: 'create', status: 'INITIATED', reason: null, actor: 'merchant', at: '2026-03-20T06:30:00.000Z' },
      { action: 'confirm', status: 'SUCCESS', reason: null, actor: 'ops.anita', at: '2026-03-20T06:35:00.000Z' },
    ],
    journal: [
      {
        journalId: 7,
        kind: 'payin-success',
        account: 'bank:ALPHA-HDFC-01',
        amount: 500,
        at: '2026-03-20T06:35:00.000Z',
      },
      { journalId: 7, kind: 'payin-success', account: 'merchant:ACME', amount: -500, at: '2026-03-20T06:35:00.000Z' },
    ],
    callbacks: [
      {
        id: 'c1',
        type: 'payin.status',
        state: 'FAILED',
        url: 'https://acme.example/callback',
        createdAt: '2026-03-20T06:35:00.000Z',
        deliveredAt: null,
        attempts: [{ at: '2026-03-20T06:35:01.000Z', statusCode: 502, durationMs: 120, error: 'Bad Gateway' }],
      },
    ],
  };

  it('opens a Deposit screen by its route and a pay-in with its history', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/v1/payins') return json(200, { data: [{ ...PAYIN, status: 'SUCCESS' }], total: 1 });
      if (call.path === '/v1/payins/p1') return json(200, { data: DETAIL });
      if (call.path === '/v1/bank-accounts') return json(200, { data: [], total: 0 });
      return undefined;
    });
    signInAs('ADMIN');
    renderAppAt('/app/deposit/completed');
    fireEvent.click(await screen.findByText('K7Q2M', {}, { timeout: 5000 }));
    await waitFor(() => expect(currentPath()).toBe('/app/deposit/completed/p1/show'));
    expect(lists(calls)[0].query.get('status')).toBe('SUCCESS');
    // The show screen's code loads on first use: a ceiling for its first load, not a speed check.
    const timeline = await screen.findByRole('table', { name: 'Timeline' }, { timeout: 5000 });
    expect(within(timeline).getByText('ops.anita')).toBeInTheDocument();
    const journal = screen.getByRole('table', { name: 'Journal' });
    expect(within(journal).getByText('merchant:ACME').closest('tr')).toHaveTextContent('₹500.00');
    const callbacks = screen.getByRole('table', { name: 'Callbacks' });
    expect(within(callbacks).getByText('Bad Gateway')).toBeInTheDocument();
    expect(within(callbacks).getByText('502')).toBeInTheDocument();
  });
});
