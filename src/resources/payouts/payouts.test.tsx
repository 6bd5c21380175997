import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutView } from '../../../domain/payout';
import type { Role } from '../../../domain/roles';
import { json } from '../../test-support';
import { PAYOUT, api, buttonsOf, forVendor, headers, lists, renderList, row, rowOf, writes } from './testing';

beforeEach(() => {
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('the three Withdrawal screens', () => {
  it.each<[PayoutView, string | null]>([
    ['progress', 'INITIATED'],
    ['completed', 'SUCCESS'],
    ['all', null],
  ])('%s asks for its statuses, newest first', async (view, status) => {
    const calls = api();
    renderList(view, 'ADMIN');
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    const { query } = lists(calls)[0];
    expect(query.get('status')).toBe(status);
    expect(query.get('sortBy')).toBe('createdAt');
    expect(query.get('sortOrder')).toBe('desc');
    expect(query.get('pageSize')).toBe('25');
  });

  it('shows staff every column, the beneficiary and the IST time', async () => {
    api([{ ...PAYOUT, awaitingChecker: 'ops.anita', awaitingProvider: 'eko' }]);
    renderList('progress', 'OPERATIONS');
    const tr = await rowOf('WD-1');
    // The selection and the row's actions first; the merchant under its order id, the commission under the amount,
    // the method and paying bank under the UTR; ID and User behind the Columns button.
    expect(headers()).toEqual([
      'Select',
      'Action',
      'Order ID · Merchant',
      'Vendor',
      'Bank Details',
      'Amount · Commission',
      'Status',
      'UTR · Method · Bank',
      'Last Updated (IST)',
    ]);
    expect(within(tr).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(tr).getByText('₹1,000.00')).toBeInTheDocument();
    expect(within(tr).getByText('Awaiting checker')).toBeInTheDocument();
    expect(within(tr).getByText('Sent to Eko')).toBeInTheDocument();
    expect(within(tr).getByText('20/03/2026 at 12:05:00 PM')).toBeInTheDocument();
  });

  it.each(['VENDOR', 'VENDOR_OPERATIONS'] as const)("hides the merchant's fields from %s", async (role) => {
    api([forVendor({ ...PAYOUT, vendorCode: 'V1' })]);
    renderList('progress', role);
    await rowOf('Asha Rao');
    for (const hidden of ['Order ID · Merchant', 'Vendor']) expect(headers()).not.toContain(hidden);
    expect(headers()).toContain('Amount · Commission');
    expect(screen.queryByText(/^\+ ₹/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Payout' })).not.toBeInTheDocument();
  });
});

describe('accessibility', () => {
  it('the list, a row selected, breaks no WCAG A/AA rule axe judges without layout', async () => {
    api([PAYOUT, { ...PAYOUT, id: 'p2', merchantOrderId: 'WD-2', status: 'SUCCESS', callback: 'FAILED' }]);
    renderList('all', 'ADMIN');
    fireEvent.click(within(await rowOf('WD-1')).getByRole('checkbox', { name: 'Select WD-1' }));
    await screen.findByRole('toolbar', { name: 'Selected pay-outs' });
    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('the row actions', () => {
  const ROWS = [
    row('WAITING', {}),
    row('ASSIGNED', { vendorCode: 'V1' }),
    row('PAID', { status: 'SUCCESS', utr: '111122223333', callback: 'FAILED' }),
    row('REFUSED', { status: 'REJECTED', reason: 'Insufficient Fund' }),
    row('GONE', { status: 'DROPPED' }),
  ];

  it.each<[Role, Record<string, string[]>]>([
    [
      'ADMIN',
      {
        WAITING: ['Approve', 'Reject', 'Drop'],
        ASSIGNED: ['Approve', 'Reject', 'Drop'],
        PAID: ['Reverse', 'Edit', 'Callback'],
        REFUSED: ['Reset'],
        GONE: [],
      },
    ],
    [
      'OPERATIONS',
      {
        WAITING: ['Approve', 'Reject', 'Drop'],
        ASSIGNED: ['Drop'],
        PAID: ['Reverse', 'Callback'],
        REFUSED: ['Reset'],
        GONE: [],
      },
    ],
    ['MERCHANT', { WAITING: [], ASSIGNED: [], PAID: [], REFUSED: [], GONE: [] }],
  ])('are offered to %s only where the status and the assignment allow', async (role, expected) => {
    api(ROWS);
    renderList('all', role);
    for (const [order, actions] of Object.entries(expected)) expect(buttonsOf(await rowOf(order))).toEqual(actions);
  });

  it("are offered to a vendor's user on its own vendor's pay-outs only", async () => {
    api([
      forVendor(row('a', { vendorCode: 'V1', accountHolder: 'MINE' })),
      forVendor(row('b', { vendorCode: 'V2', accountHolder: 'THEIRS' })),
    ]);
    renderList('progress', 'VENDOR');
    expect(buttonsOf(await rowOf('MINE'))).toEqual(['Approve', 'Reject']);
    expect(buttonsOf(await rowOf('THEIRS'))).toEqual([]);
  });

  it('approve by hand sends the UTR and the paying account, and says when a checker must follow', async () => {
    const calls = api(undefined, () =>
      json(202, { data: { id: PAYOUT.id, status: 'INITIATED', awaitingChecker: 'operations' } }),
    );
    renderList('progress', 'OPERATIONS');
    fireEvent.click(within(await rowOf('WD-1')).getByRole('button', { name: 'Approve WD-1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('UTR Number is Required!')).toBeInTheDocument();
    expect(screen.getByText('Select Bank is Required!')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Select Bank/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ALPHA-SBI-PAYOUT — SBI' }));
    fireEvent.change(screen.getByRole('textbox', { name: /UTR Number/ }), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      path: `/v1/payouts/${PAYOUT.id}/approve`,
      body: { method: 'manual', utr: '123456789012', bankAccountId: 'b9' },
    });
    expect(
      await screen.findByText(/a second staff user must approve it now \(maker: operations\)/),
    ).toBeInTheDocument();
  });

  it('leaves the Eko choice out when Eko is not configured, and says why', async () => {
    api();
    renderList('progress', 'ADMIN');
    fireEvent.click(within(await rowOf('WD-1')).getByRole('button', { name: 'Approve WD-1' }));
    expect(await screen.findByText('Eko is not available: EKO_* unset')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Manual' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Eko' })).not.toBeInTheDocument();
  });

  it('offers Eko when it is configured', async () => {
    const calls = api(
      undefined,
      () => json(202, { data: { id: PAYOUT.id, status: 'INITIATED', awaitingProvider: 'eko' } }),
      { available: true, why: null },
    );
    renderList('progress', 'ADMIN');
    fireEvent.click(within(await rowOf('WD-1')).getByRole('button', { name: 'Approve WD-1' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Eko' }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ method: 'eko' });
    expect(await screen.findByText("Pay-out WD-1 is sent to Eko; it waits for Eko's answer.")).toBeInTheDocument();
  });

  it('reject needs a reason, and Other needs its text', async () => {
    const calls = api();
    renderList('progress', 'OPERATIONS');
    fireEvent.click(within(await rowOf('WD-1')).getByRole('button', { name: 'Reject WD-1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is Required!')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Reason/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.trim()).filter(Boolean)).toEqual([
      'Insufficient Fund',
      'Invalid Bank Details',
      'Other',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Other' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Why (Other) is Required!')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why/ }), { target: { value: 'account closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      path: `/v1/payouts/${PAYOUT.id}/reject`,
      body: { reason: 'Other', text: 'account closed' },
    });
  });

  it("shows the server's message when it refuses", async () => {
    api([row('R', { status: 'REJECTED' })], () =>
      json(409, {
        error: { code: 'INSUFFICIENT_BALANCE', message: 'ACME has ₹12.00 available; this needs ₹1,015.00.' },
      }),
    );
    renderList('all', 'TRANSACTIONS');
    fireEvent.click(within(await rowOf('R')).getByRole('button', { name: 'Reset R' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('ACME has ₹12.00 available; this needs ₹1,015.00.')).toBeInTheDocument();
  });

  it('drop asks first, then posts', async () => {
    const calls = api();
    renderList('progress', 'TRANSACTIONS');
    fireEvent.click(within(await rowOf('WD-1')).getByRole('button', { name: 'Drop WD-1' }));
    expect(await screen.findByText('Drop pay-out WD-1?')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].path).toBe(`/v1/payouts/${PAYOUT.id}/drop`);
    expect(await screen.findByText('Pay-out WD-1 is now Dropped.')).toBeInTheDocument();
  });

  it('ADMIN edits a UTR behind the password', async () => {
    const calls = api([row('PAID', { status: 'SUCCESS', utr: '111122223333' })]);
    renderList('completed', 'ADMIN');
    fireEvent.click(within(await rowOf('PAID')).getByRole('button', { name: 'Edit UTR PAID' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /UTR Number/ }), { target: { value: '999988887777' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({ action: 'payout.utr' });
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/payouts/id-PAID/utr', body: { utr: '999988887777' } });
    expect(writes(calls)[0].headers['x-confirmation']).toBe('c-1');
  });
});
