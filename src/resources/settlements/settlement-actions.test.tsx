import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { json } from '../../test-support';
import { SettlementsList } from './SettlementsList';
import {
  buttonsOf,
  choose,
  optionsOf,
  renderScreen,
  row,
  rowOf,
  fakeApi,
  type,
  typePassword,
  writesOf,
} from './testing';

const API = 'settlements';
const api = (rows: object[], write?: Parameters<typeof fakeApi>[2]) => fakeApi(API, rows, write);
const renderList = (role: Role) => renderScreen('settlements', <SettlementsList />, role);
const writes = (calls: Parameters<typeof writesOf>[0]) => writesOf(calls, API);
const idOf = (name: string) => row(name, {}).id;

beforeEach(() => {
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('the row actions', () => {
  const ROWS = [
    row('waiting', {}),
    row('paid', { status: 'SUCCESS', reference: '412345678901' }),
    row('refused', { status: 'REJECTED', reason: 'Other' }),
    row('dropped', { status: 'DROPPED' }),
  ];

  it.each<[Role, Record<string, string[]>]>([
    ['ADMIN', { 'waiting-': ['Approve', 'Reject'], 'paid----': ['Reset'], 'refused-': ['Reset'], 'dropped-': [] }],
    ['TRANSACTIONS', { 'waiting-': ['Approve', 'Reject'], 'paid----': [], 'refused-': [], 'dropped-': [] }],
    ['MERCHANT', { 'waiting-': [], 'paid----': [], 'refused-': [], 'dropped-': [] }],
  ])('are offered to %s only where the status allows', async (role, expected) => {
    api(ROWS);
    renderList(role);
    for (const [name, actions] of Object.entries(expected)) expect(buttonsOf(await rowOf(name))).toEqual(actions);
  });

  it('approving a BANK settlement needs its 12-digit UTR, sent as the reference', async () => {
    const calls = api([row('waiting', {})]);
    renderList('TRANSACTIONS');
    fireEvent.click(within(await rowOf('waiting-')).getByRole('button', { name: 'Approve waiting-' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('₹25,000.00 paid by Bank.')).toBeInTheDocument();
    expect(within(dialog).getByText('To: Acme Retail · A/c 001234567890 · HDFC0001234')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('UTR Number is Required!')).toBeInTheDocument();
    type(dialog, /UTR Number/, '4123 4567');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/UTR Number must be the 12 digits/)).toBeInTheDocument();
    type(dialog, /UTR Number/, ' 412345678901 ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Approve settlement waiting-: ₹25,000.00 leaves the gateway\./)).toBeInTheDocument();
    await typePassword();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({
      action: 'settlement.approve',
      recordId: idOf('waiting'),
    });
    expect(writes(calls)[0]).toMatchObject({
      path: `/v1/settlements/${idOf('waiting')}/approve`,
      body: { reference: '412345678901' },
      headers: { 'x-confirmation': 'c-1' },
    });
    expect(await screen.findByText('Settlement waiting- is now Success.')).toBeInTheDocument();
  });

  it('tells the first approver of a settlement above the threshold that another person must approve it', async () => {
    api([row('waiting', { method: 'AED' })], () =>
      json(202, { data: { ...row('waiting', { method: 'AED' }), awaitingChecker: 'transactions' } }),
    );
    renderList('TRANSACTIONS');
    fireEvent.click(within(await rowOf('waiting-')).getByRole('button', { name: 'Approve waiting-' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await typePassword();
    expect(
      await screen.findByText('Your approval of waiting- is recorded: another person must approve it too.'),
    ).toBeInTheDocument();
  });

  it("shows its maker 'Waiting for a checker', and the checker the maker's reference and name", async () => {
    const asked = { maker: 'transactions', askedAt: '2026-11-27T06:30:00.000Z', reference: '412345678901' };
    api([row('waiting', { checkerRequest: asked })]);
    const first = renderList('TRANSACTIONS');
    expect(await within(await rowOf('waiting-')).findByText('Waiting for a checker')).toBeInTheDocument();
    expect(within(await rowOf('waiting-')).queryByRole('button', { name: 'Approve waiting-' })).toBeNull();
    first.unmount();
    const calls = api([row('waiting', { checkerRequest: asked })]);
    renderList('ADMIN');
    fireEvent.click(within(await rowOf('waiting-')).getByRole('button', { name: 'Approve waiting-' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Approved first by transactions on 27\/11\/2026 at 12:00:00 PM/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /UTR Number/ })).toHaveValue('412345678901');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await typePassword();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ reference: '412345678901' });
  });

  it('approving a CASH settlement takes an optional reference', async () => {
    const calls = api([row('cash', { method: 'CASH', accountHolder: null, accountNumber: null, ifsc: null })]);
    renderList('ADMIN');
    fireEvent.click(within(await rowOf('cash----')).getByRole('button', { name: 'Approve cash----' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Reference (optional)' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await typePassword();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({});
  });

  it("shows the server's message when an approval is refused", async () => {
    const message = 'A settlement in status SUCCESS cannot be approved; only one in INITIATED can.';
    api([row('waiting', { method: 'AED' })], () => json(409, { error: { code: 'CONFLICT', message } }));
    renderList('ADMIN');
    fireEvent.click(within(await rowOf('waiting-')).getByRole('button', { name: 'Approve waiting-' }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, /Reference/, 'RCPT-7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await typePassword();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('rejecting sends the reason chosen, or the text typed for Other', async () => {
    const calls = api([row('waiting', {})]);
    renderList('ADMIN');
    const reject = async () => {
      fireEvent.click(within(await rowOf('waiting-')).getByRole('button', { name: 'Reject waiting-' }));
      return screen.findByRole('dialog');
    };
    let dialog = await reject();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is Required!')).toBeInTheDocument();
    expect(await optionsOf(dialog, /Reason/)).toEqual(['Insufficient Fund', 'Invalid Bank Details', 'Other']);
    await choose(dialog, /Reason/, 'Invalid Bank Details');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      path: `/v1/settlements/${idOf('waiting')}/reject`,
      body: { reason: 'Invalid Bank Details' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await reject();
    await choose(dialog, /Reason/, 'Other');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Why (Other) is Required!')).toBeInTheDocument();
    type(dialog, /Why/, 'account frozen by the bank');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].body).toEqual({ reason: 'account frozen by the bank' });
  });

  it('ADMIN resets behind the password, sending the confirmation header', async () => {
    const calls = api([row('paid', { status: 'SUCCESS', reference: '412345678901' })], () =>
      json(200, { data: row('paid', {}) }),
    );
    renderList('ADMIN');
    fireEvent.click(within(await rowOf('paid----')).getByRole('button', { name: 'Reset paid----' }));
    expect(await screen.findByText(/Settlement paid---- goes back to Initiated/)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({ action: 'settlement.reset' });
    expect(writes(calls)[0]).toMatchObject({ path: `/v1/settlements/${idOf('paid')}/reset` });
    expect(writes(calls)[0].headers['x-confirmation']).toBe('c-1');
    expect(await screen.findByText('Settlement paid---- is Initiated again.')).toBeInTheDocument();
  });

  it("a refused reset shows the server's message", async () => {
    const message = 'ACME has ₹0.00 available; this settlement needs ₹25,000.00.';
    api([row('refused', { status: 'REJECTED' })], () =>
      json(409, { error: { code: 'INSUFFICIENT_BALANCE', message } }),
    );
    renderList('ADMIN');
    fireEvent.click(within(await rowOf('refused-')).getByRole('button', { name: 'Reset refused-' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
