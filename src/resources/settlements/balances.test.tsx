import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { json, type Call } from '../../test-support';
import { SettlementsList } from './SettlementsList';
import { SETTLEMENT, choose, fakeApi, renderScreen, rowOf, type, writesOf } from './testing';
import type { MerchantBalance } from './types';

const API = 'settlements';
const PATH = '/v1/settlements/balances';
const money = (merchantCode: string, balance: number, held: number): MerchantBalance => ({
  merchantCode,
  balance,
  held,
  available: balance - held,
});

/** The fake API with GET /v1/settlements/balances answering `rows()` (the ones asked for, when named). */
const api = (rows: () => MerchantBalance[], write?: Parameters<typeof fakeApi>[2]) =>
  fakeApi(API, [SETTLEMENT], write, (call) => {
    if (call.path !== PATH) return undefined;
    const asked = call.query.get('merchantCode')?.split(',');
    return json(200, { data: rows().filter((r) => !asked || asked.includes(r.merchantCode)) });
  });
const balanceCalls = (calls: Call[]) => calls.filter((c) => c.path === PATH && c.method === 'GET');
const renderList = (role: Role, claims?: Record<string, unknown>) =>
  renderScreen('settlements', <SettlementsList />, role, claims);
const card = () => screen.findByRole('region', { name: 'Balances' });
const lines = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => {
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Balances card', () => {
  it("shows a merchant user's own merchants without a filter, each with a test id", async () => {
    const calls = api(() => [money('M100', 5000, 1200), money('M200', 0, 0)]);
    renderList('MERCHANT');
    const region = await card();
    await waitFor(() =>
      expect(lines(region)).toEqual([
        'M100 — Balance ₹5,000.00 · Held ₹1,200.00 · Available ₹3,800.00',
        'M200 — Balance ₹0.00 · Held ₹0.00 · Available ₹0.00',
      ]),
    );
    expect(within(region).getByRole('heading', { name: 'Balances' })).toBeInTheDocument();
    expect(screen.getByTestId('settlement-balance-M100-available')).toHaveTextContent(/^₹3,800\.00$/);
    expect(screen.getByTestId('settlement-balance-M200')).toHaveTextContent('M200 — Balance');
    expect(balanceCalls(calls).map((c) => c.query.toString())).toEqual(['includeSubMerchants=false']);
    const { violations } = await axe.run(region, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it("asks staff's merchants from the filter only, with the sub-merchants when ticked", async () => {
    const calls = api(() => [money('ACME', 9000.5, 500)]);
    renderList('ADMIN');
    await rowOf(SETTLEMENT.id.slice(0, 8));
    expect(screen.queryByRole('region', { name: 'Balances' })).not.toBeInTheDocument();
    expect(balanceCalls(calls)).toEqual([]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Merchant' }), { target: { value: 'AC' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme Retail' }));
    const region = await card();
    await waitFor(() =>
      expect(lines(region)).toEqual(['ACME — Balance ₹9,000.50 · Held ₹500.00 · Available ₹8,500.50']),
    );
    expect(Object.fromEntries(balanceCalls(calls).at(-1)!.query)).toEqual({
      merchantCode: 'ACME',
      includeSubMerchants: 'false',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Sub Merchant' }));
    await waitFor(() => expect(balanceCalls(calls).at(-1)!.query.get('includeSubMerchants')).toBe('true'));
  });

  it('reads five merchants of a longer filter and says so', async () => {
    const codes = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'];
    window.history.pushState({}, '', `/#/?filter=${encodeURIComponent(JSON.stringify({ merchantCode: codes }))}`);
    const calls = api(() => codes.map((c) => money(c, 100, 0)));
    renderList('TRANSACTIONS');
    const region = await card();
    await waitFor(() => expect(lines(region)).toHaveLength(5));
    expect(balanceCalls(calls)[0].query.get('merchantCode')).toBe('A1,A2,A3,A4,A5');
    expect(within(region).getByText('Balances of the first 5 merchants in the filter.')).toBeInTheDocument();
  });

  it('says so when the balances cannot be read', async () => {
    fakeApi(API, [SETTLEMENT], undefined, (call) =>
      call.path === PATH ? json(500, { error: { code: 'INTERNAL', message: 'Down.' } }) : undefined,
    );
    renderList('MERCHANT_ADMIN');
    expect(await card()).toHaveTextContent('The balances could not be read.');
  });
});

describe('Available in the settlement dialog', () => {
  it('shows the chosen merchant’s available money, refuses more, then sends and reads the card again', async () => {
    let available = 1200;
    const calls = api(
      () => [money('M100', available, 0), money('M200', 50, 0)],
      () => {
        available -= 1000;
        return json(201, { data: SETTLEMENT });
      },
    );
    renderList('MERCHANT');
    const region = await card();
    await waitFor(() => expect(lines(region)[0]).toContain('Available ₹1,200.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Request Settlement' }));
    const dialog = await screen.findByRole('dialog');
    await choose(dialog, /Merchant/, 'M100');
    expect(await within(dialog).findByText('Available ₹1,200.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveAccessibleDescription('Available ₹1,200.00');
    type(dialog, /Amount/, '1200.01');
    type(dialog, /^Name/, 'Asha Rao');
    type(dialog, /Account Number/, '001234567890');
    type(dialog, /IFSC/, 'HDFC0001234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Amount is above what M100 has available (₹1,200.00)')).toBeInTheDocument();
    expect(writesOf(calls, API)).toEqual([]);
    type(dialog, /Amount/, '1000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writesOf(calls, API)).toHaveLength(1));
    expect(writesOf(calls, API)[0].body).toMatchObject({ merchantCode: 'M100', amount: 1000 });
    await waitFor(() => expect(lines(region)[0]).toContain('Available ₹200.00'));
  });

  it("names a merchant user's only code at once; the server's refusal still shows", async () => {
    const message = 'The available balance (₹50.00) does not cover this settlement (₹40.00).';
    const calls = api(
      () => [money('M100', 50, 0)],
      () => json(409, { error: { code: 'INSUFFICIENT_BALANCE', message } }),
    );
    renderList('MERCHANT', { code: ['M100'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Request Settlement' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Available ₹50.00')).toBeInTheDocument();
    expect(
      balanceCalls(calls).some(
        (c) => c.query.get('merchantCode') === 'M100' && c.query.get('includeSubMerchants') === 'false',
      ),
    ).toBe(true);
    type(dialog, /Amount/, '40');
    type(dialog, /^Name/, 'Asha Rao');
    type(dialog, /Account Number/, '001234567890');
    type(dialog, /IFSC/, 'HDFC0001234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
