import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { json, type Call } from '../../test-support';
import {
  SETTLEMENT,
  buttonsOf,
  choose,
  headers,
  optionsOf,
  renderScreen,
  row,
  rowOf,
  fakeApi,
  type,
  typePassword,
  writesOf,
} from '../settlements/testing';
import type { VendorSettlement } from './types';
import { VendorSettlementsList } from './VendorSettlementsList';

const API = 'vendor-settlements';
const { merchantCode: _m, ...common } = SETTLEMENT;
const BASE: VendorSettlement = { ...common, vendorCode: 'VEN-ALPHA', bankEntryId: null, bankNickname: null };
const vrow = (name: string, fields: Partial<VendorSettlement>) => row<VendorSettlement>(name, fields, BASE);
const INTERNAL = vrow('internal', {
  method: 'INTERNAL_QR_TRANSFER',
  status: 'SUCCESS',
  accountHolder: null,
  accountNumber: null,
  ifsc: null,
  reference: '412345678901',
  bankEntryId: 'e1',
  bankNickname: 'ALPHA-HDFC-COLLECT',
});
const api = (rows: object[] = [BASE, INTERNAL], write?: Parameters<typeof fakeApi>[2]) => fakeApi(API, rows, write);
const renderList = (role: Role) => renderScreen('vendorsettlements', <VendorSettlementsList />, role);
const writes = (calls: Call[]) => writesOf(calls, API);
const short = BASE.id.slice(0, 8);

beforeEach(() => {
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Vendor Settlements list', () => {
  it('shows the vendor and says an internal transfer plainly', async () => {
    api();
    renderList('ADMIN');
    await rowOf(short);
    expect(headers()).toEqual([
      'ID',
      'Vendor',
      'Status',
      'Amount',
      'Bank Details',
      'Method',
      'Last Updated (IST)',
      'Ref',
      'Option',
    ]);
    const tr = await rowOf('internal');
    expect(within(tr).getByText('Internal transfer to ALPHA-HDFC-COLLECT')).toBeInTheDocument();
    expect(within(tr).getByText('Internal QR Transfer')).toBeInTheDocument();
    expect(buttonsOf(tr)).toEqual(['Reset']);
    expect(buttonsOf(await rowOf(short))).toEqual(['Approve', 'Reject']);
  });

  it.each(['VENDOR', 'VENDOR_OPERATIONS'] as const)('%s sees its rows read-only', async (role) => {
    const calls = api([BASE]);
    renderList(role);
    expect(buttonsOf(await rowOf(short))).toEqual([]);
    expect(headers()).not.toContain('Option');
    expect(screen.queryByRole('button', { name: 'Add Settlement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Vendor' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/vendors')).toBe(false);
  });
});

describe('Add Settlement for a vendor', () => {
  const open = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add Settlement' }));
    return screen.findByRole('dialog');
  };

  it('an internal bank transfer takes its UTR alone: the account is left to the credit', async () => {
    const calls = api([], () => json(201, { data: INTERNAL }));
    renderList('ADMIN');
    const dialog = await open();
    await choose(dialog, /Vendor/, 'VEN-ALPHA — Alpha');
    type(dialog, /Amount/, '2500');
    await choose(dialog, /Method/, 'Internal Bank Transfer');
    expect(within(dialog).getByText("Leave the account empty: the UTR's credit names it.")).toBeInTheDocument();
    type(dialog, /UTR Number/, '412345678901');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      vendorCode: 'VEN-ALPHA',
      amount: 2500,
      method: 'INTERNAL_BANK_TRANSFER',
      utr: '412345678901',
    });
  });

  it('an internal bank transfer given an account needs all of it, and sends exactly it', async () => {
    const calls = api([], () => json(201, { data: INTERNAL }));
    renderList('ADMIN');
    const dialog = await open();
    expect(await optionsOf(dialog, /Method/)).toEqual([
      'Bank',
      'Cash',
      'AED',
      'Crypto',
      'Internal Bank Transfer',
      'Internal QR Transfer',
    ]);
    await choose(dialog, /Vendor/, 'VEN-ALPHA — Alpha');
    type(dialog, /Amount/, '2500');
    await choose(dialog, /Method/, 'Internal Bank Transfer');
    type(dialog, /^Name/, 'Gateway Collections');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('UTR Number is Required!')).toBeInTheDocument();
    expect(within(dialog).getByText('IFSC is Required!')).toBeInTheDocument();
    type(dialog, /Account Number/, '50100012345678');
    type(dialog, /IFSC/, 'HDFC0000001');
    type(dialog, /UTR Number/, '412345678901');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ path: '/v1/vendor-settlements' });
    expect(writes(calls)[0].body).toEqual({
      vendorCode: 'VEN-ALPHA',
      amount: 2500,
      method: 'INTERNAL_BANK_TRANSFER',
      accountHolder: 'Gateway Collections',
      accountNumber: '50100012345678',
      ifsc: 'HDFC0000001',
      utr: '412345678901',
    });
    expect(
      await screen.findByText('The internal transfer is recorded as Success; its bank entry is used.'),
    ).toBeInTheDocument();
  });

  it("an internal QR transfer sends its UTR only, and the server's refusal shows at the UTR", async () => {
    const message = 'No un-used bank entry of ₹2,500.00 has this UTR.';
    const calls = api([], () => json(400, { error: { code: 'VALIDATION', message, field: 'utr' } }));
    renderList('TRANSACTIONS');
    const dialog = await open();
    await choose(dialog, /Vendor/, 'VEN-ALPHA — Alpha');
    type(dialog, /Amount/, '2500');
    await choose(dialog, /Method/, 'Internal QR Transfer');
    expect(within(dialog).queryByRole('textbox', { name: /IFSC/ })).not.toBeInTheDocument();
    type(dialog, /UTR Number/, '412345678901');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      vendorCode: 'VEN-ALPHA',
      amount: 2500,
      method: 'INTERNAL_QR_TRANSFER',
      utr: '412345678901',
    });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('approve and reset call the vendor settlement paths, reset behind its own password kind', async () => {
    const calls = api([BASE, INTERNAL], () => json(200, { data: BASE }));
    renderList('ADMIN');
    fireEvent.click(within(await rowOf(short)).getByRole('button', { name: `Approve ${short}` }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, /UTR Number/, '412345678902');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await typePassword();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({
      action: 'vendor-settlement.approve',
    });
    expect(writes(calls)[0]).toMatchObject({
      path: `/v1/vendor-settlements/${BASE.id}/approve`,
      body: { reference: '412345678902' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(within(await rowOf('internal')).getByRole('button', { name: 'Reset internal' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/v1/confirmations')[1].body).toMatchObject({
      action: 'vendor-settlement.reset',
    });
    expect(writes(calls)[1].path).toBe(`/v1/vendor-settlements/${INTERNAL.id}/reset`);
    expect(writes(calls)[1].headers['x-confirmation']).toBe('c-1');
  });
});
