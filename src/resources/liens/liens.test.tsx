import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { currentPath, json, mockApi, renderAppAt, signInAs, type Call } from '../../test-support';
import { choose, headers, listsOf, renderScreen, rowOf, fakeApi, type, writesOf } from '../settlements/testing';
import { LienList } from './LienList';
import type { Lien } from './types';

const API = 'liens';
const LIEN: Lien = {
  id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  merchantCode: 'ACME',
  payinId: 'p-1',
  merchantOrderId: 'order-1001',
  customerId: 'cust-7',
  amount: 500,
  receivedAt: '2026-03-18',
  reason: 'Customer disputed with the bank',
  createdByName: 'ops.anita',
  createdAt: '2026-03-20T06:30:00.000Z',
};
const api = (rows: object[] = [LIEN], write?: (call: Call) => Response | undefined) => fakeApi(API, rows, write);
const renderList = (role: Role) => renderScreen('lien', <LienList />, role);
const writes = (calls: Call[]) => writesOf(calls, API);

beforeEach(() => window.history.pushState({}, '', '/'));
afterEach(() => vi.unstubAllGlobals());

describe('the ChargeBack list', () => {
  it("shows the current console's columns, newest first", async () => {
    const calls = api();
    renderList('ADMIN');
    const tr = await rowOf('order-1001');
    const { query } = listsOf(calls, API)[0];
    expect([query.get('sortBy'), query.get('sortOrder'), query.get('pageSize')]).toEqual(['createdAt', 'desc', '25']);
    expect(headers()).toEqual([
      'Merchant',
      'Merchant Order ID',
      'User ID',
      'Amount',
      'Reference Date',
      'Reason',
      'Created At (IST)',
    ]);
    for (const text of ['ACME', 'cust-7', '₹500.00', '18/03/2026', 'Customer disputed with the bank'])
      expect(within(tr).getByText(text)).toBeInTheDocument();
    expect(within(tr).getByText('20/03/2026 at 12:00:00 PM')).toBeInTheDocument();
  });

  it('sends the filters as query parameters', async () => {
    const calls = api();
    renderList('TRANSACTIONS');
    await rowOf('order-1001');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Sub Merchant' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Merchant Order ID' }), { target: { value: 'order-10' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'User ID' }), { target: { value: 'cust-7' } });
    await waitFor(
      () =>
        expect(Object.fromEntries(listsOf(calls, API).at(-1)!.query)).toMatchObject({
          includeSubMerchants: 'true',
          merchantOrderId: 'order-10',
          customerId: 'cust-7',
        }),
      { timeout: 4000 },
    );
  });

  it.each(['MERCHANT', 'MERCHANT_ADMIN'] as const)('%s reads the list and may not add one', async (role) => {
    api();
    renderList(role);
    await rowOf('order-1001');
    expect(screen.queryByRole('button', { name: 'Add ChargeBack' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('exports the CSV with the filters and the sort', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const calls = mockApi((call) =>
      call.path === '/v1/liens/export'
        ? new Response('id\n', { status: 200 })
        : call.path === '/v1/liens'
          ? json(200, { data: [LIEN], total: 1 })
          : undefined,
    );
    renderList('ADMIN');
    await rowOf('order-1001');
    fireEvent.change(screen.getByRole('textbox', { name: 'User ID' }), { target: { value: 'cust-7' } });
    await waitFor(() => expect(listsOf(calls, API).at(-1)!.query.get('customerId')).toBe('cust-7'), { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/liens/export')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/v1/liens/export')!.query)).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      customerId: 'cust-7',
    });
  });

  it('the list breaks no WCAG A/AA rule axe judges without layout', async () => {
    api();
    renderList('ADMIN');
    await rowOf('order-1001');
    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('opens a chargeback with its journal', async () => {
    const detail = {
      ...LIEN,
      journal: [{ journalId: 9, kind: 'lien.create', account: 'merchant:ACME', amount: 500, at: LIEN.createdAt }],
    };
    fakeApi(API, [LIEN], undefined, (call) =>
      call.path === `/v1/liens/${LIEN.id}` ? json(200, { data: detail }) : undefined,
    );
    signInAs('ADMIN');
    renderAppAt('/app/lien');
    fireEvent.click(await screen.findByText('order-1001', {}, { timeout: 5000 }));
    await waitFor(() => expect(currentPath()).toBe(`/app/lien/${LIEN.id}/show`));
    const journal = await screen.findByRole('table', { name: 'Journal' });
    expect(within(journal).getByText('Lien Create')).toBeInTheDocument();
    expect(within(journal).getByText('₹500.00')).toBeInTheDocument();
  });
});

describe('Add ChargeBack', () => {
  const fill = async (dialog: HTMLElement, day = '2026-03-18') => {
    await choose(dialog, /Merchant$/, 'ACME — Acme Retail');
    type(dialog, /Merchant Order ID/, ' order-1001 ');
    type(dialog, /User ID/, 'cust-7');
    type(dialog, /Amount/, '500');
    fireEvent.change(within(dialog).getByLabelText(/Reference Date/), { target: { value: day } });
    type(dialog, /Reason/, 'Customer disputed with the bank');
  };
  const open = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add ChargeBack' }));
    return screen.findByRole('dialog');
  };

  it('checks every field, refuses a future day, and sends exactly the body', async () => {
    const calls = api([], () => json(201, { data: LIEN }));
    renderList('TRANSACTIONS');
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    for (const label of ['Merchant', 'Merchant Order ID', 'User ID', 'Amount', 'Reference Date', 'Reason'])
      expect(await within(dialog).findByText(`${label} is Required!`)).toBeInTheDocument();
    await fill(dialog, '2999-01-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Reference Date may not be in the future')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reference Date/), { target: { value: '2026-03-18' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/liens' });
    expect(writes(calls)[0].body).toEqual({
      merchantCode: 'ACME',
      merchantOrderId: 'order-1001',
      customerId: 'cust-7',
      amount: 500,
      receivedAt: '2026-03-18',
      reason: 'Customer disputed with the bank',
    });
    expect(
      await screen.findByText("The chargeback is recorded; the merchant's balance pays for it."),
    ).toBeInTheDocument();
  });

  it("shows a 400's message at the field it names", async () => {
    const message = 'This pay-in was made by another customer.';
    api([], () => json(400, { error: { code: 'VALIDATION', message, field: 'customerId' } }));
    renderList('ADMIN');
    const dialog = await open();
    await fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const input = within(dialog).getByRole('textbox', { name: /User ID/ });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
  });

  it("shows a 409's message", async () => {
    const message = 'Pay-in order-1001 already has a chargeback.';
    api([], () => json(409, { error: { code: 'CONFLICT', message } }));
    renderList('ADMIN');
    const dialog = await open();
    await fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
