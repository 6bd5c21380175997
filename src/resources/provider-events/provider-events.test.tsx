import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAppAt, signInAs, type Call } from '../../test-support';
import type { ProviderEvent, ProviderEventDetail } from './types';

beforeEach(() => window.history.pushState({}, '', '/'));
afterEach(() => vi.unstubAllGlobals());

const PAYIN_ID = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';

const event = (over: Partial<ProviderEventDetail> = {}): ProviderEventDetail => ({
  id: 'e1',
  provider: 'razorpay',
  eventId: 'evt_1',
  eventType: 'payment.captured',
  verified: true,
  outcome: 'failed',
  detail: 'No pay-in for order order_9',
  payinId: PAYIN_ID,
  paymentId: 'pay_77',
  attempts: 1,
  receivedAt: '2026-03-20T06:30:00.000Z',
  appliedAt: null,
  body: { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_77' } } } },
  headers: { 'x-razorpay-event-id': 'evt_1' },
  ...over,
});

const api = (
  one: ProviderEventDetail,
  replay: (call: Call) => Response = () => json(200, { data: { ...one, outcome: 'applied', detail: null } }),
) =>
  mockApi((call) => {
    if (call.path === '/v1/provider-events' && call.method === 'GET') {
      const { body: _body, headers: _headers, ...row } = one;
      return json(200, { data: [row satisfies ProviderEvent], total: 1 });
    }
    if (call.path === `/v1/provider-events/${one.id}` && call.method === 'GET') return json(200, { data: one });
    if (call.path === `/v1/provider-events/${one.id}/replay` && call.method === 'POST') return replay(call);
    return undefined;
  });

const lists = (calls: Call[]) => calls.filter((c) => c.path === '/v1/provider-events' && c.method === 'GET');

describe('the provider event log', () => {
  it('lists the events for ADMIN and filters them on the server by provider, outcome and verified', async () => {
    const calls = api(event());
    signInAs('ADMIN');
    renderAppAt('/app/provider-events');
    expect(await screen.findByText('payment.captured', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No pay-in for order order_9')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Provider Events');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Provider' }));
    fireEvent.click(await screen.findByRole('option', { name: 'CashFree' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('provider')).toBe('cashfree'), { timeout: 3000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('outcome')).toBe('failed'), { timeout: 3000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Verified' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not verified' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('verified')).toBe('false'), { timeout: 3000 });
  });

  it('is denied to roles other than ADMIN', async () => {
    const calls = api(event());
    signInAs('OPERATIONS');
    renderAppAt('/app/provider-events');
    expect(await screen.findByText('Access denied', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(lists(calls)).toHaveLength(0);
  });

  it('shows the body and headers, and replays a verified failed event after a confirm', async () => {
    const calls = api(event());
    signInAs('ADMIN');
    renderAppAt('/app/provider-events/e1/show');
    expect(await screen.findByText(/"x-razorpay-event-id": "evt_1"/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/"event": "payment.captured"/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAYIN_ID })).toHaveAttribute(
      'href',
      `/app/deposit/progress/${PAYIN_ID}/show`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.path).toBe('/v1/provider-events/e1/replay');
    expect(await screen.findByText('Replayed: Applied.')).toBeInTheDocument();
  });

  it.each([
    ['applied', true],
    ['rejected', false],
    ['duplicate', true],
  ] as const)('offers no replay for a %s event (verified: %s)', async (outcome, verified) => {
    api(event({ outcome, verified }));
    signInAs('ADMIN');
    renderAppAt('/app/provider-events/e1/show');
    expect(await screen.findByText(/"x-razorpay-event-id"/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
  });

  it('offers no replay for an unverified event that failed', async () => {
    api(event({ verified: false }));
    signInAs('ADMIN');
    renderAppAt('/app/provider-events/e1/show');
    expect(await screen.findByText(/"x-razorpay-event-id"/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
  });
});
