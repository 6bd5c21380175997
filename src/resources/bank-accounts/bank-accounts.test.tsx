import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { BankAccountCreate } from './BankAccountCreate';
import { ApproveBankAccountButton } from './ApproveBankAccountButton';
import { BankAccountEdit } from './BankAccountEdit';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = {
  id: 'b1',
  nickname: 'ALPHA-HDFC-01',
  bankName: 'HDFC Bank',
  holderName: 'Alpha Collections',
  accountNumber: '50100234567890',
  ifsc: 'HDFC0001234',
  upiId: 'alpha@hdfcbank',
  usedFor: 'PAYIN',
  showQr: true,
  showBankDetails: true,
  minPayin: 100,
  maxPayin: 100000,
  dailyLimit: null,
  enabled: true,
  vendorId: 'v1',
  vendorCode: 'VEN-ALPHA',
  merchantCodes: ['ACME'],
  createdBy: 'id-admin',
  approval: 'APPROVED',
  approvedBy: 'id-transactions',
  approvedAt: '2026-01-01T00:00:00.000Z',
  makers: [] as string[],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The API: the vendors to choose from, the account, and what saving answers. */
const api = (save: (call: Call) => Response | undefined = () => undefined, account = ACCOUNT) =>
  mockApi((call) => {
    if (call.path === '/v1/vendors')
      return json(200, { data: [{ id: 'v1', code: 'VEN-ALPHA', name: 'Alpha Collections' }], total: 1 });
    if (call.path === '/v1/bank-accounts/b1' && call.method === 'GET') return json(200, { data: account });
    if (call.path === '/v1/confirmations') return json(200, { data: { confirmation: 'c-1', expiresAt: '' } });
    if (call.path.startsWith('/v1/bank-accounts') && call.method !== 'GET')
      return save(call) ?? json(200, { data: { ...account, id: 'b1' } });
    return undefined;
  });

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const writes = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/v1/bank-accounts') && c.method !== 'GET');

const renderCreate = () =>
  renderInAdmin(
    <ResourceContextProvider value="bank-accounts">
      <BankAccountCreate />
    </ResourceContextProvider>,
  );

const renderEdit = () => {
  // The admin context outside the app makes its own hash router.
  window.history.pushState({}, '', '/#/bank-accounts/b1');
  return renderInAdmin(
    <ResourceContextProvider value="bank-accounts">
      <Routes>
        <Route path="/bank-accounts/:id" element={<BankAccountEdit />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
    </ResourceContextProvider>,
  );
};

describe('the bank account form', () => {
  it('says what is wrong with each field, with its label, and sends nothing', async () => {
    const calls = api();
    signInAs('ADMIN');
    renderCreate();
    type('Account Name', 'two words');
    type('Account Number', '12ab');
    type('IFSC Code', 'HDFC1001234');
    type('UPI ID', 'nobank');
    type('Min Payin', '500');
    type('Max Payin', '100');
    type('Daily Limit', '50');
    save();

    for (const message of [
      'Account Name must be 2–50 characters without spaces',
      'Bank Name is Required!',
      'Account Holder Name is Required!',
      'Account Number must be 6 to 18 digits',
      'IFSC Code must be an IFSC such as HDFC0001234',
      'UPI ID must be a UPI id such as name@bank',
      'Vendor is Required!',
      'Max Payin must be at least Min Payin',
      'Daily Limit must be at least Max Payin',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(writes(calls)).toHaveLength(0);
  });

  it('wants rupees above zero with at most two decimals', async () => {
    api();
    signInAs('ADMIN');
    renderCreate();
    type('Account Name', 'X1');
    type('Min Payin', '0');
    type('Max Payin', '10.555');
    save();
    expect(await screen.findByText('Min Payin must be an amount above ₹0 with at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Max Payin must be an amount above ₹0 with at most 2 decimals')).toBeInTheDocument();
  });

  it('sends only what the API takes, leaving blank optional details out', async () => {
    const calls = api();
    signInAs('ADMIN');
    renderCreate();
    type('Account Name', 'GAMMA-YES-01');
    type('Bank Name', 'Yes Bank');
    type('Account Holder Name', 'Gamma Traders');
    type('Account Number', '123456789012');
    type('IFSC Code', 'yesb0000001');
    type('Min Payin', '100');
    type('Max Payin', '50000.5');
    fireEvent.click(screen.getByLabelText('PayOut'));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Vendor' }), { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'VEN-ALPHA — Alpha Collections' }));
    save();

    // Adding an account needs the password first: one prompt, then one request with the confirmation.
    expect(await screen.findByText('Confirm with your password')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const asked = calls.find((c) => c.path === '/v1/confirmations')!;
    expect(asked.body).toEqual({ password: 'Demo@1234', action: 'bank-account.create' });
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', path: '/v1/bank-accounts' });
    expect(writes(calls)[0].headers['x-confirmation']).toBe('c-1');
    expect(writes(calls)[0].body).toEqual({
      nickname: 'GAMMA-YES-01',
      usedFor: 'PAYOUT',
      vendorCode: 'VEN-ALPHA',
      enabled: true,
      bankName: 'Yes Bank',
      holderName: 'Gamma Traders',
      accountNumber: '123456789012',
      ifsc: 'YESB0000001',
      showQr: true,
      showBankDetails: true,
      minPayin: 100,
      maxPayin: 50000.5,
    });
  });

  it("asks for the password when the server wants a confirmation for the account's numbers, then sends it again", async () => {
    const calls = api((call) =>
      call.headers['x-confirmation']
        ? undefined
        : json(403, {
            error: {
              message: 'Please enter your password again to confirm this action.',
              code: 'CONFIRMATION_REQUIRED',
            },
          }),
    );
    signInAs('ADMIN');
    renderEdit();
    expect(await screen.findByDisplayValue('HDFC0001234')).toBeInTheDocument();
    expect(screen.getByLabelText('Account Name')).toBeDisabled();
    type('IFSC Code', 'HDFC0009999');
    save();

    expect(await screen.findByText('Confirm with your password')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    const [first, second] = writes(calls);
    expect(first).toMatchObject({ method: 'PUT', path: '/v1/bank-accounts/b1' });
    expect(first.headers['x-confirmation']).toBeUndefined();
    expect(second.headers['x-confirmation']).toBe('c-1');
    expect(second.body).toEqual(first.body);
    expect(second.body).toEqual({
      bankName: 'HDFC Bank',
      holderName: 'Alpha Collections',
      accountNumber: '50100234567890',
      ifsc: 'HDFC0009999',
      upiId: 'alpha@hdfcbank',
      showQr: true,
      showBankDetails: true,
      minPayin: 100,
      maxPayin: 100000,
    });
    expect(await screen.findByText('Bank account saved')).toBeInTheDocument();
  });

  it("shows the server's message on the field it names", async () => {
    api(() =>
      json(400, {
        error: { message: 'dailyLimit must be at least maxPayin', code: 'VALIDATION', field: 'dailyLimit' },
      }),
    );
    signInAs('ADMIN');
    renderEdit();
    await screen.findByDisplayValue('HDFC0001234');
    type('Min Payin', '200');
    save();
    expect(await screen.findByText('dailyLimit must be at least maxPayin')).toBeInTheDocument();
  });

  it('lets a role that sees the number masked keep it by leaving it empty', async () => {
    const calls = api(undefined, { ...ACCOUNT, accountNumber: '••••••••••7890' });
    signInAs('TRANSACTIONS');
    renderEdit();
    await screen.findByDisplayValue('HDFC0001234');
    expect(screen.getByLabelText('Account Number')).toHaveValue('');
    expect(
      screen.getByText('Shown as ••••••••••7890: leave it empty to keep it, or type the full new number.'),
    ).toBeInTheDocument();
    type('Min Payin', '200');
    save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).not.toHaveProperty('accountNumber');
  });
});

describe('approving a new pay-in account (maker-checker)', () => {
  const AWAITING = {
    ...ACCOUNT,
    approval: 'AWAITING_APPROVAL',
    approvedBy: null,
    approvedAt: null,
    makers: ['id-maker'],
  };
  const renderButton = (account: object) =>
    renderInAdmin(
      <ResourceContextProvider value="bank-accounts">
        <RecordContextProvider value={account}>
          <ApproveBankAccountButton />
        </RecordContextProvider>
      </ResourceContextProvider>,
    );

  it('is offered to another staff user, and approves behind the password', async () => {
    const calls = api();
    signInAs('TRANSACTIONS', 'Checker', { id: 'id-checker' });
    renderButton(AWAITING);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Approve bank account ALPHA-HDFC-01 to take pay-ins\?/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', path: '/v1/bank-accounts/b1/approve' });
    expect(writes(calls)[0].headers['x-confirmation']).toBe('c-1');
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({ action: 'bank-account.approve' });
  });

  it.each([
    ['its maker', 'TRANSACTIONS', 'id-maker', AWAITING],
    ['a role that may not approve', 'OPERATIONS', 'id-checker', AWAITING],
    ['anyone, once approved', 'ADMIN', 'id-checker', ACCOUNT],
    ['anyone, for a pay-out account', 'ADMIN', 'id-checker', { ...AWAITING, usedFor: 'PAYOUT' }],
  ] as const)('is not offered to %s', (_who, role, id, account) => {
    mockApi();
    signInAs(role, 'Someone', { id });
    renderButton(account);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
