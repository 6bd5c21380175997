import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { currentPath, json, renderAppAt, signInAs } from '../../test-support';
import { SettlementsList } from './SettlementsList';
import {
  SETTLEMENT,
  buttonsOf,
  choose,
  headers,
  listsOf,
  optionsOf,
  renderScreen,
  row,
  rowOf,
  fakeApi,
  type,
  writesOf,
} from './testing';

const API = 'settlements';
const api = (rows: object[] = [SETTLEMENT], write?: Parameters<typeof fakeApi>[2]) => fakeApi(API, rows, write);
const renderList = (role: Role) => renderScreen('settlements', <SettlementsList />, role);
const writes = (calls: Parameters<typeof writesOf>[0]) => writesOf(calls, API);
const short = SETTLEMENT.id.slice(0, 8);

beforeEach(() => {
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Settlements list', () => {
  it("asks for the newest first and shows the current console's columns", async () => {
    const calls = api([
      SETTLEMENT,
      row('crypto', {
        method: 'CRYPTO',
        accountHolder: null,
        accountNumber: null,
        ifsc: null,
        wallet: 'Binance',
        walletAddress: 'TXa1b2c3d4e5f6',
      }),
      row('refused', { status: 'REJECTED', reason: 'Invalid Bank Details' }),
      row('paid', { status: 'SUCCESS', reference: '412345678901', method: 'CASH' }),
    ]);
    renderList('ADMIN');
    const tr = await rowOf(short);
    const { query } = listsOf(calls, API)[0];
    expect([query.get('sortBy'), query.get('sortOrder'), query.get('pageSize')]).toEqual(['createdAt', 'desc', '25']);
    expect(headers()).toEqual([
      'ID',
      'Merchant',
      'Status',
      'Amount',
      'Bank Details',
      'Method',
      'Last Updated (IST)',
      'Ref',
      'Option',
    ]);
    for (const text of ['ACME', 'Initiated', '₹25,000.00', 'Acme Retail', '001234567890', 'HDFC0001234', 'Bank'])
      expect(within(tr).getByText(text)).toBeInTheDocument();
    expect(within(tr).getByText('20/03/2026 at 12:05:00 PM')).toBeInTheDocument();
    const crypto = await rowOf('crypto--');
    expect(within(crypto).getByText('TXa1b2c3d4e5f6')).toBeInTheDocument();
    expect(within(crypto).getByText('Crypto')).toBeInTheDocument();
    expect(within(await rowOf('refused-')).getByText('Invalid Bank Details')).toBeInTheDocument();
    expect(within(await rowOf('paid----')).getByText('412345678901')).toBeInTheDocument();
  });

  it('sends the filters as query parameters', async () => {
    const calls = api();
    renderList('ADMIN');
    await rowOf(short);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Sub Merchant' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Account Number' }), { target: { value: '0012' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ref' }), { target: { value: '4123' } });
    await waitFor(
      () =>
        expect(Object.fromEntries(listsOf(calls, API).at(-1)!.query)).toMatchObject({
          status: 'REJECTED',
          includeSubMerchants: 'true',
          accountNumber: '0012',
          reference: '4123',
        }),
      { timeout: 4000 },
    );
  });

  it('the list breaks no WCAG A/AA rule axe judges without layout', async () => {
    api([SETTLEMENT, row('paid', { status: 'SUCCESS', reference: '412345678901' })]);
    renderList('ADMIN');
    await rowOf('paid----');
    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('opens a settlement with its timeline and journal', async () => {
    const detail = {
      ...SETTLEMENT,
      status: 'SUCCESS',
      reference: '412345678901',
      timeline: [{ action: 'approve', status: 'SUCCESS', reason: null, actor: 'ops.anita', at: SETTLEMENT.updatedAt }],
      journal: [
        { journalId: 4, kind: 'settlement.success', account: 'merchant:ACME', amount: 25000, at: SETTLEMENT.updatedAt },
      ],
    };
    fakeApi(API, [detail], undefined, (call) =>
      call.path === `/v1/settlements/${SETTLEMENT.id}` ? json(200, { data: detail }) : undefined,
    );
    signInAs('ADMIN');
    renderAppAt('/app/settlements');
    fireEvent.click(await screen.findByText('Acme Retail', {}, { timeout: 5000 }));
    await waitFor(() => expect(currentPath()).toBe(`/app/settlements/${SETTLEMENT.id}/show`));
    expect(within(await screen.findByRole('table', { name: 'Timeline' })).getByText('ops.anita')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Journal' })).getByText('₹25,000.00')).toBeInTheDocument();
  });
});

describe('Add Settlement', () => {
  const open = async (name = 'Add Settlement') => {
    fireEvent.click(await screen.findByRole('button', { name }));
    return screen.findByRole('dialog');
  };

  it('asks for what the method needs and sends exactly the body', async () => {
    const calls = api([], () => json(201, { data: SETTLEMENT }));
    renderList('TRANSACTIONS');
    const dialog = await open();
    expect(within(dialog).getByRole('heading', { name: 'Add Settlement' })).toBeInTheDocument();
    expect(await optionsOf(dialog, /Method/)).toEqual(['Bank', 'Cash', 'AED', 'Crypto']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Amount is Required!')).toBeInTheDocument();
    expect(within(dialog).getByText('Method is Required!')).toBeInTheDocument();
    await choose(dialog, /Merchant/, 'ACME — Acme Retail');
    type(dialog, /Amount/, '2500.555');
    await choose(dialog, /Method/, 'Bank');
    type(dialog, /^Name/, 'Acme  Retail');
    type(dialog, /Account Number/, '12ab');
    type(dialog, /IFSC/, 'hdfc0001234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Amount must be an amount above ₹0 with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Account Number must be 6 to 18 digits')).toBeInTheDocument();
    type(dialog, /Amount/, '2500.50');
    type(dialog, /Account Number/, '001234567890');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/settlements' });
    expect(writes(calls)[0].body).toEqual({
      merchantCode: 'ACME',
      amount: 2500.5,
      method: 'BANK',
      accountHolder: 'Acme Retail',
      accountNumber: '001234567890',
      ifsc: 'HDFC0001234',
    });
    expect(await screen.findByText('The settlement is added as Initiated; its amount is held.')).toBeInTheDocument();
  });

  it('sends a wallet for CRYPTO and nothing more for CASH', async () => {
    const calls = api([], () => json(201, { data: SETTLEMENT }));
    renderList('ADMIN');
    let dialog = await open();
    await choose(dialog, /Merchant/, 'ACME — Acme Retail');
    type(dialog, /Amount/, '100');
    await choose(dialog, /Method/, 'Crypto');
    expect(within(dialog).queryByRole('textbox', { name: /IFSC/ })).not.toBeInTheDocument();
    type(dialog, /^Wallet$/, 'Binance');
    type(dialog, /Wallet Address/, 'TXa1b2c3d4e5f6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      merchantCode: 'ACME',
      amount: 100,
      method: 'CRYPTO',
      wallet: 'Binance',
      walletAddress: 'TXa1b2c3d4e5f6',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await open();
    await choose(dialog, /Merchant/, 'ACME — Acme Retail');
    type(dialog, /Amount/, '75.25');
    await choose(dialog, /Method/, 'Cash');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].body).toEqual({ merchantCode: 'ACME', amount: 75.25, method: 'CASH' });
  });

  it("shows the server's message when the balance is short", async () => {
    const message = 'ACME has ₹1,200.00 available; this settlement needs ₹5,000.00.';
    api([], () => json(409, { error: { code: 'INSUFFICIENT_BALANCE', message } }));
    renderList('ADMIN');
    const dialog = await open();
    await choose(dialog, /Merchant/, 'ACME — Acme Retail');
    type(dialog, /Amount/, '5000');
    await choose(dialog, /Method/, 'Cash');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it.each(['MERCHANT', 'MERCHANT_ADMIN'] as const)(
    '%s requests one for its own merchant codes, BANK only, and may not act on rows',
    async (role) => {
      const calls = api([SETTLEMENT], () => json(201, { data: SETTLEMENT }));
      renderList(role);
      const tr = await rowOf(short);
      expect(headers()).not.toContain('Option');
      expect(buttonsOf(tr)).toEqual([]);
      expect(screen.queryByRole('button', { name: 'Add Settlement' })).not.toBeInTheDocument();
      const dialog = await open('Request Settlement');
      expect(within(dialog).getByRole('heading', { name: 'Request Settlement' })).toBeInTheDocument();
      expect(await optionsOf(dialog, /Method/)).toEqual(['Bank']);
      expect(await optionsOf(dialog, /Merchant/)).toEqual(['M100', 'M200']);
      await choose(dialog, /Merchant/, 'M200');
      type(dialog, /Amount/, '1000');
      type(dialog, /^Name/, 'Asha Rao');
      type(dialog, /Account Number/, '001234567890');
      type(dialog, /IFSC/, 'HDFC0001234');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0].body).toEqual({
        merchantCode: 'M200',
        amount: 1000,
        method: 'BANK',
        accountHolder: 'Asha Rao',
        accountNumber: '001234567890',
        ifsc: 'HDFC0001234',
      });
    },
  );
});
