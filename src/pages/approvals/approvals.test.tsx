import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone } from '../../resources/shared/onPhone';
import { json, mockApi, renderInAdmin, signInAs } from '../../test-support';
import { ApprovalsPage } from './ApprovalsPage';
import type { QueuedRequest } from './queue';

afterEach(() => vi.unstubAllGlobals());

const MINUTE = 60_000;
const request = (id: string, over: Partial<QueuedRequest> = {}): QueuedRequest => ({
  id,
  entity: 'payouts',
  entityId: `payout-${id}`,
  action: 'payout.approve',
  maker: 'operations',
  makerRole: 'OPERATIONS',
  askedAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
  mine: false,
  entries: {
    method: 'manual',
    utr: '123456789012',
    bankAccountId: 'b1',
    payingBank: 'BETA-KOTAK-PAYOUT',
    confirmedAmount: null,
    reference: null,
    reason: null,
  },
  record: {
    name: `ORDER-${id}`,
    status: 'INITIATED',
    amount: 100_500,
    party: 'ACME',
    beneficiary: {
      accountHolder: 'Meera Iyer',
      accountNumber: '0011',
      ifsc: 'HDFC0001234',
      bankName: null,
      upiId: null,
    },
  },
  ...over,
});

const queue = [
  request('1'),
  request('2', { action: 'payin.confirm', entity: 'payins', entityId: 'payin-2', record: null }),
];

const renderQueue = () => {
  const calls = mockApi((call) =>
    call.path === '/v1/checker-requests' ? json(200, { data: queue, total: queue.length }) : undefined,
  );
  signInAs('TRANSACTIONS');
  renderInAdmin(<ApprovalsPage />);
  return calls;
};

describe('the checker queue', () => {
  it('is a table from 600 px up', async () => {
    renderQueue();
    await screen.findByRole('button', { name: 'Review ORDER-1' });
    expect(screen.getByRole('table', { name: 'Waiting for my approval' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is cards on a phone: amount, request, beneficiary, maker, age and the decision', async () => {
    onPhone();
    renderQueue();
    const list = await screen.findByRole('list', { name: 'Waiting for my approval' });
    expect(screen.queryByRole('table')).toBeNull();
    const [payout, payin] = within(list).getAllByRole('listitem');
    for (const text of ['₹1,00,500.00', 'Approve pay-out', 'ORDER-1', 'ACME', '5 minutes ago'])
      expect(within(payout).getByText(text)).toBeInTheDocument();
    expect(payout.textContent).toContain('Beneficiary: Meera Iyer · A/c 0011 · HDFC0001234');
    expect(payout.textContent).toContain('Asked by: operations');
    expect(within(payout).getByRole('button', { name: 'Reject ORDER-1' })).toBeInTheDocument();
    // A pay-in's confirmation is approved on its record: its card offers Review, and no bulk choice.
    expect(within(payin).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(payin).getByRole('button', { name: 'Review payin-2' })).toBeInTheDocument();
    expect(within(payin).queryByRole('checkbox')).toBeNull();

    fireEvent.click(within(payout).getByRole('checkbox', { name: 'Select ORDER-1' }));
    expect(screen.getByRole('button', { name: 'Approve 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject 1' })).toBeInTheDocument();

    fireEvent.click(within(payout).getByRole('button', { name: 'Approve ORDER-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the request on ORDER-1' });
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });
});
