import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAppAt, signInAs, type Call } from '../../test-support';
import type { ProviderAccount } from './types';

// A confirmation is reused for a few minutes by the same session: each test starts without one.
afterEach(() => {
  vi.unstubAllGlobals();
});

const RAZORPAY: ProviderAccount = {
  provider: 'razorpay',
  label: 'RazorPay',
  enabled: true,
  configured: true,
  fields: [
    {
      key: 'keyId',
      label: 'Key Id',
      secret: false,
      required: true,
      value: 'rzp_test_123',
      masked: null,
      fromEnv: false,
    },
    {
      key: 'keySecret',
      label: 'Key Secret',
      secret: true,
      required: true,
      value: null,
      masked: '••••••••abcd',
      fromEnv: false,
    },
    {
      key: 'webhookSecret',
      label: 'Webhook Secret',
      secret: true,
      required: true,
      value: null,
      masked: '••••••••wxyz',
      fromEnv: true,
    },
    {
      key: 'apiBase',
      label: 'API Base URL',
      secret: false,
      required: false,
      value: null,
      masked: null,
      fromEnv: false,
    },
  ],
};
const PAYU: ProviderAccount = {
  provider: 'payu',
  label: 'PayU',
  enabled: false,
  configured: false,
  fields: [
    { key: 'keyId', label: 'Merchant Key', secret: false, required: true, value: null, masked: null, fromEnv: false },
    { key: 'keySecret', label: 'Salt', secret: true, required: true, value: null, masked: null, fromEnv: false },
    { key: 'apiBase', label: 'Base URL', secret: false, required: false, value: null, masked: null, fromEnv: false },
  ],
};

const api = (
  save: (call: Call) => Response = (call) => json(200, { data: { ...RAZORPAY, ...(call.body as object) } }),
) =>
  mockApi((call) => {
    if (call.path === '/v1/confirmations')
      return (call.body as { password: string }).password === 'Demo@1234'
        ? json(200, { data: { confirmation: 'c-1', expiresAt: '' } })
        : json(400, { error: { message: 'The password is not correct.', code: 'BAD_REQUEST', field: 'password' } });
    if (call.path === '/v1/providers' && call.method === 'GET') return json(200, { data: [RAZORPAY, PAYU] });
    if (call.path.startsWith('/v1/providers/') && call.method === 'PUT') return save(call);
    return undefined;
  });

const card = async (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

const openEdit = async (name: string) => {
  fireEvent.click(within(await card(name)).getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
};

const confirmWith = async (password: string) => {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
  fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
};

describe('the providers screen', () => {
  it('shows ADMIN a card per provider: enabled, configured, each field with secrets masked and env-set ones marked', async () => {
    api();
    signInAs('ADMIN');
    renderAppAt('/app/providers');
    const razorpay = await card('RazorPay');
    expect(within(razorpay).getByText('Enabled')).toBeInTheDocument();
    expect(within(razorpay).getByText('Configured')).toBeInTheDocument();
    expect(within(razorpay).getByText('rzp_test_123')).toBeInTheDocument();
    expect(within(razorpay).getByText('••••••••abcd')).toBeInTheDocument();
    const webhook = within(razorpay).getByText('••••••••wxyz');
    expect(within(webhook).getByText('Set by the environment')).toBeInTheDocument();
    const payu = await card('PayU');
    expect(within(payu).getByText('Disabled')).toBeInTheDocument();
    expect(within(payu).getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment Providers');
  });

  it.each(['TRANSACTIONS', 'MERCHANT_ADMIN'] as const)('is denied to %s and never asked for', async (role) => {
    const calls = api();
    signInAs(role);
    renderAppAt('/app/providers');
    expect(await screen.findByText('Access denied', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/providers')).toBe(false);
  });

  it('sends only what changed, a secret when typed or cleared, never an env-set field, after the password', async () => {
    const calls = api();
    signInAs('ADMIN');
    renderAppAt('/app/providers');
    const dialog = await openEdit('RazorPay');
    expect(within(dialog).getByLabelText('Webhook Secret')).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Key Secret/)).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText(/^Key Id/), { target: { value: 'rzp_live_9' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Clear Key Secret' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(puts(calls)).toHaveLength(0);

    await confirmWith('Demo@1234');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(calls.find((c) => c.path === '/v1/confirmations')!.body).toMatchObject({ action: 'provider.update' });
    expect(puts(calls)[0].path).toBe('/v1/providers/razorpay');
    expect(puts(calls)[0].headers['x-confirmation']).toBe('c-1');
    expect(puts(calls)[0].body).toEqual({ keyId: 'rzp_live_9', keySecret: '' });
    expect(await screen.findByText('RazorPay saved')).toBeInTheDocument();
  });

  it("keeps a wrong password at the password, and shows a refused field's message at the field", async () => {
    const calls = api(() => json(400, { error: { message: 'Base URL must start with https://', field: 'apiBase' } }));
    signInAs('ADMIN');
    renderAppAt('/app/providers');
    const dialog = await openEdit('PayU');
    fireEvent.change(within(dialog).getByLabelText(/^Base URL/), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const password = await confirmWith('wrong');
    expect(await within(password).findByText('The password is not correct.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await confirmWith('Demo@1234');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getAllByText('Base URL must start with https://').length).toBeGreaterThan(0),
    );
    expect(within(dialog).getByLabelText(/^Base URL/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when nothing changed, without asking for the password', async () => {
    const calls = api();
    signInAs('ADMIN');
    renderAppAt('/app/providers');
    const dialog = await openEdit('PayU');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Nothing to save: no field was changed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm with your password' })).not.toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });
});
