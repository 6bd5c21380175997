import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { json, type Call } from '../../test-support';
import { SETTLEMENT, fakeApi, renderScreen, rowOf, typePassword } from '../settlements/testing';
import type { VendorBalanceRow, VendorSettlement } from './types';
import { VendorSettlementsList } from './VendorSettlementsList';

const API = 'vendor-settlements';
const PATH = '/v1/vendor-settlements/balances';
const { merchantCode: _m, ...common } = SETTLEMENT;
const BASE: VendorSettlement = { ...common, vendorCode: 'VEN-ALPHA', bankEntryId: null, bankNickname: null };
const short = BASE.id.slice(0, 8);

const position = (balance: number) =>
  balance > 0 ? 'vendor owes the gateway' : balance < 0 ? 'gateway owes the vendor' : 'settled';
const money = (vendorCode: string, balance: number, unmatched = 0): VendorBalanceRow => ({
  vendorCode,
  balance,
  position: position(balance),
  unmatched,
});

/** The fake API with GET /v1/vendor-settlements/balances answering `rows` (the ones asked for, when named). */
const api = (rows: VendorBalanceRow[] | (() => VendorBalanceRow[]), write?: Parameters<typeof fakeApi>[2]) =>
  fakeApi(API, [BASE], write, (call) => {
    if (call.path !== PATH) return undefined;
    const asked = call.query.get('vendorCode')?.split(',');
    const all = typeof rows === 'function' ? rows() : rows;
    return json(200, { data: all.filter((r) => !asked || asked.includes(r.vendorCode)) });
  });
const balanceCalls = (calls: Call[]) => calls.filter((c) => c.path === PATH && c.method === 'GET');
const renderList = (role: Role, claims?: Record<string, unknown>) =>
  renderScreen('vendorsettlements', <VendorSettlementsList />, role, claims);
const card = () => screen.findByRole('region', { name: 'Who owes whom' });
const lines = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const filterVendor = async () => {
  fireEvent.change(screen.getByRole('combobox', { name: 'Vendor' }), { target: { value: 'VEN' } });
  fireEvent.click(await screen.findByRole('option', { name: 'VEN-ALPHA — Alpha' }));
};

beforeEach(() => window.history.pushState({}, '', '/'));
afterEach(() => vi.unstubAllGlobals());

describe('Who owes whom', () => {
  it.each(['VENDOR', 'VENDOR_OPERATIONS'] as const)(
    "%s sees its own vendor's line without naming it, with the unmatched credits",
    async (role) => {
      const calls = api([money('VEN-ALPHA', 12500, 750.5)]);
      renderList(role, { vendor_code: 'VEN-ALPHA' });
      const region = await card();
      await waitFor(() =>
        expect(lines(region)).toEqual(['VEN-ALPHA owes the gateway ₹12,500.00 · Unmatched credits ₹750.50']),
      );
      expect(screen.getByTestId('vendor-balance-VEN-ALPHA')).toBeInTheDocument();
      expect(balanceCalls(calls).map((c) => c.query.toString())).toEqual(['']);
      expect(calls.some((c) => c.path === '/v1/vendors')).toBe(false);
    },
  );

  it.each<[number, string]>([
    [12500, 'VEN-ALPHA owes the gateway ₹12,500.00'],
    [-300, 'The gateway owes VEN-ALPHA ₹300.00'],
    [0, 'VEN-ALPHA is settled'],
  ])('staff filtering by one vendor of balance %d read who owes whom', async (balance, text) => {
    const calls = api([money('VEN-ALPHA', balance)]);
    renderList('TRANSACTIONS');
    await rowOf(short);
    expect(screen.queryByRole('region', { name: 'Who owes whom' })).not.toBeInTheDocument();
    expect(balanceCalls(calls)).toEqual([]);
    await filterVendor();
    const region = await card();
    await waitFor(() => expect(lines(region)).toEqual([text]));
    expect(balanceCalls(calls).map((c) => c.query.toString())).toEqual(['vendorCode=VEN-ALPHA']);
  });

  it('is read again after a settlement is approved', async () => {
    let balance = 2500;
    const calls = api(
      () => [money('VEN-ALPHA', balance)],
      () => {
        balance = 0;
        return json(200, { data: { ...BASE, status: 'SUCCESS' } });
      },
    );
    renderList('ADMIN');
    await filterVendor();
    const region = await card();
    await waitFor(() => expect(lines(region)).toEqual(['VEN-ALPHA owes the gateway ₹2,500.00']));
    fireEvent.click(within(await rowOf(short)).getByRole('button', { name: `Approve ${short}` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /UTR Number/ }), {
      target: { value: '412345678902' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await typePassword();
    await waitFor(() => expect(lines(region)).toEqual(['VEN-ALPHA is settled']));
    expect(calls.some((c) => c.method === 'POST' && c.path === `/v1/vendor-settlements/${BASE.id}/approve`)).toBe(true);
    expect(balanceCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('staff naming more than five vendors read the first five and are told so', async () => {
    const codes = ['V1', 'V2', 'V3', 'V4', 'V5', 'V6'];
    window.history.pushState({}, '', `/#/?filter=${encodeURIComponent(JSON.stringify({ vendorCode: codes }))}`);
    const calls = api(codes.map((c, i) => money(c, i - 2, i === 0 ? 10 : 0)));
    renderList('ADMIN');
    const region = await card();
    await waitFor(() =>
      expect(lines(region)).toEqual([
        'The gateway owes V1 ₹2.00 · Unmatched credits ₹10.00',
        'The gateway owes V2 ₹1.00',
        'V3 is settled',
        'V4 owes the gateway ₹1.00',
        'V5 owes the gateway ₹2.00',
      ]),
    );
    expect(balanceCalls(calls)[0].query.get('vendorCode')).toBe('V1,V2,V3,V4,V5');
    expect(within(region).getByText('Balances of the first 5 vendors in the filter.')).toBeInTheDocument();
  });

  it('says so when who owes whom cannot be read', async () => {
    fakeApi(API, [BASE], undefined, (call) =>
      call.path === PATH ? json(500, { error: { code: 'INTERNAL', message: 'Down.' } }) : undefined,
    );
    renderList('VENDOR');
    expect(await card()).toHaveTextContent('Who owes whom could not be read.');
  });
});
