import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, json, mockApi, renderAppAt, signInAs } from '../../test-support';
import { PAYOUT, api, lists, renderList, row, rowOf, writes } from './testing';

beforeEach(() => {
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

const select = async (order: string) =>
  fireEvent.click(within(await rowOf(order)).getByRole('checkbox', { name: `Select ${order}` }));

describe('the bulk bar', () => {
  it.each(['ADMIN', 'OPERATIONS'] as const)('Add Vendor gives the selected pay-outs to a vendor (%s)', async (role) => {
    const calls = api([row('A', {}), row('B', {}), row('C', {})], (call) =>
      call.path === '/v1/payouts/assign' ? json(200, { data: { assigned: 2, vendorCode: 'VEN-ALPHA' } }) : undefined,
    );
    renderList('progress', role);
    await select('A');
    await select('C');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vendor' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Vendor is Required!')).toBeInTheDocument();
    // OPERATIONS may not read the Vendor screen: the choices come from GET /v1/payouts/vendors for both.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Vendor/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'VEN-ALPHA — Alpha' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      path: '/v1/payouts/assign',
      body: { ids: ['id-A', 'id-C'], vendorCode: 'VEN-ALPHA' },
    });
    expect(await screen.findByText('2 pay-outs given to VEN-ALPHA.')).toBeInTheDocument();
  });

  it('offers only waiting pay-outs for selection', async () => {
    api([row('WAITING', {}), row('PAID', { status: 'SUCCESS' })]);
    renderList('all', 'TRANSACTIONS');
    expect(within(await rowOf('WAITING')).getByRole('checkbox', { name: 'Select WAITING' })).toBeEnabled();
    expect(within(await rowOf('PAID')).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('Batch Withdrawal is disabled without Eko, and says why', async () => {
    api([row('A', {})]);
    renderList('progress', 'ADMIN');
    await select('A');
    const batch = await screen.findByRole('button', { name: 'Batch Withdrawal' });
    await waitFor(() => expect(batch).toBeDisabled());
    fireEvent.mouseOver(batch.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Eko is not available: EKO_* unset');
  });

  it('Batch Withdrawal sends the selected through Eko and counts what succeeded and failed', async () => {
    const calls = api(
      [row('A', {}), row('B', {})],
      (call) =>
        call.path === '/v1/payouts/batch-withdrawal'
          ? json(200, {
              data: {
                results: [
                  {
                    id: 'id-A',
                    ok: true,
                    status: 'INITIATED',
                    awaitingChecker: null,
                    awaitingProvider: 'eko',
                    error: null,
                  },
                  { id: 'id-B', ok: false, status: 'INITIATED', awaitingChecker: null, error: 'Eko refused it' },
                ],
              },
            })
          : undefined,
      { available: true, why: null },
    );
    renderList('progress', 'OPERATIONS');
    await select('A');
    await select('B');
    const batch = await screen.findByRole('button', { name: 'Batch Withdrawal' });
    await waitFor(() => expect(batch).toBeEnabled());
    fireEvent.click(batch);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/payouts/batch-withdrawal', body: { ids: ['id-A', 'id-B'] } });
    expect(
      await screen.findByText('Sent through Eko: 1 accepted (1 waiting for its answer), 1 failed.'),
    ).toBeInTheDocument();
  });

  it.each(['VENDOR', 'MERCHANT'] as const)('is not there for %s', async (role) => {
    api([row('A', { vendorCode: 'V1' })]);
    renderList('progress', role);
    await rowOf('Asha Rao');
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
  });
});

describe('New Payout', () => {
  const open = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'New Payout' }));
    return screen.findByRole('dialog');
  };
  const type = (dialog: HTMLElement, name: RegExp, value: string) =>
    fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

  it('checks digits, letters, the IFSC and the merchant limits as the server does, then creates it', async () => {
    const calls = api([], (call) =>
      call.path === '/v1/payouts' ? json(201, { data: { ...PAYOUT, merchantOrderId: 'STAFF-1' } }) : undefined,
    );
    renderList('progress', 'TRANSACTIONS');
    const dialog = await open();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Merchant Code/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme Retail' }));
    type(dialog, /User ID/, 'CUST-9');
    type(dialog, /Bank Name/, 'HDFC Bank');
    type(dialog, /Account Number/, '12ab34');
    type(dialog, /Account Holder Name/, 'Asha R4o');
    type(dialog, /IFSC/, 'HDFC123');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Amount/ }), { target: { value: '60000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Account Number must be 6 to 18 digits')).toBeInTheDocument();
    expect(within(dialog).getByText(/Account Holder Name must be letters and spaces/)).toBeInTheDocument();
    expect(within(dialog).getByText('IFSC Code must be an IFSC such as HDFC0001234')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Amount must be between ₹100.00 and ₹50,000.00 for this merchant'),
    ).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    type(dialog, /Account Number/, '001234567890');
    type(dialog, /Account Holder Name/, 'Asha  Rao');
    type(dialog, /IFSC/, 'hdfc0001234');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Amount/ }), { target: { value: '1500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      merchantCode: 'ACME',
      customerId: 'CUST-9',
      amount: 1500,
      bankName: 'HDFC Bank',
      accountNumber: '001234567890',
      accountHolder: 'Asha Rao',
      ifsc: 'HDFC0001234',
    });
    expect(await screen.findByText('Pay-out STAFF-1 created; its amount and fee are held.')).toBeInTheDocument();
  });

  it("shows the server's field errors", async () => {
    api([], (call) =>
      call.path === '/v1/payouts'
        ? json(400, { error: { code: 'INVALID', message: 'ifsc: no bank has this IFSC', field: 'ifsc' } })
        : undefined,
    );
    renderList('progress', 'ADMIN');
    const dialog = await open();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Merchant Code/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme Retail' }));
    for (const [name, value] of [
      [/User ID/, 'C1'],
      [/Bank Name/, 'HDFC'],
      [/Account Number/, '001234567890'],
      [/Account Holder Name/, 'Asha Rao'],
      [/IFSC/, 'ABCD0123456'],
    ] as const)
      type(dialog, name, value);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Amount/ }), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('ifsc: no bank has this IFSC')).toBeInTheDocument();
  });

  it.each(['MERCHANT', 'VENDOR'] as const)('is not offered to %s', async (role) => {
    api();
    renderList('progress', role);
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: 'New Payout' })).not.toBeInTheDocument();
  });
});

describe('the export and the show view', () => {
  it('"Download Excel" carries the screen\'s status and the filters', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const calls = mockApi((call) => {
      if (call.path === '/v1/payouts/export') return new Response('id\n', { status: 200 });
      if (call.path === '/v1/payouts') return json(200, { data: [{ ...PAYOUT, status: 'SUCCESS' }], total: 1 });
      return undefined;
    });
    renderList('completed', 'ADMIN');
    await rowOf('WD-1');
    fireEvent.change(screen.getByRole('textbox', { name: 'UTR' }), { target: { value: '123456789012' } });
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('utr')).toBe('123456789012'), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/payouts/export')).toBe(true));
    const exported = calls.find((c) => c.path === '/v1/payouts/export')!;
    expect(Object.fromEntries(exported.query)).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      utr: '123456789012',
      status: 'SUCCESS',
    });
  });

  it('opens a pay-out with its timeline, journal, callbacks and provider calls', async () => {
    const detail = {
      ...PAYOUT,
      status: 'SUCCESS',
      method: 'eko',
      timeline: [{ action: 'approve', status: 'SUCCESS', reason: null, actor: 'ops.anita', at: PAYOUT.updatedAt }],
      journal: [{ journalId: 3, kind: 'payout.success', account: 'merchant:ACME', amount: 1015, at: PAYOUT.updatedAt }],
      callbacks: [],
      providerCalls: [
        {
          provider: 'eko',
          kind: 'transfer',
          outcome: 'timeout',
          clientRefId: 'PO-1',
          tid: null,
          txStatus: null,
          message: 'no answer in 30 s',
          at: PAYOUT.updatedAt,
        },
      ],
    };
    const calls = mockApi((call) => {
      if (call.path === '/v1/payouts') return json(200, { data: [{ ...PAYOUT, status: 'SUCCESS' }], total: 1 });
      if (call.path === `/v1/payouts/${PAYOUT.id}`) return json(200, { data: detail });
      return undefined;
    });
    signInAs('ADMIN');
    renderAppAt('/app/withdrawal/completed');
    fireEvent.click(await screen.findByText('HDFC0001234 · HDFC Bank', {}, { timeout: 5000 }));
    await waitFor(() => expect(currentPath()).toBe(`/app/withdrawal/completed/${PAYOUT.id}/show`));
    expect(lists(calls)[0].query.get('status')).toBe('SUCCESS');
    expect(within(await screen.findByRole('table', { name: 'Timeline' })).getByText('ops.anita')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Journal' })).getByText('₹1,015.00')).toBeInTheDocument();
    const provider = screen.getByRole('table', { name: 'Provider Calls' });
    expect(within(provider).getByText('Eko · Transfer')).toBeInTheDocument();
    expect(within(provider).getByText('no answer in 30 s')).toBeInTheDocument();
  });
});
