import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, json, mockApi, renderAppAt } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const field = (label: RegExp) => screen.findByLabelText(label, {}, { timeout: 5000 });
const type = async (label: RegExp, value: string) => fireEvent.change(await field(label), { target: { value } });

describe('forgot password', () => {
  it('asks for a link and shows the answer', async () => {
    const calls = mockApi(() =>
      json(200, { data: { message: 'If that account exists, a password reset link has been sent.' } }),
    );
    renderAppAt('/forgot-password');
    await type(/^User Name/, 'asha');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findAllByText('If that account exists, a password reset link has been sent.')).not.toHaveLength(
      0,
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/forgot-password', body: { userName: 'asha' } });
  });
});

describe('reset password', () => {
  it('sends the token of the link with the new password, then returns to sign-in', async () => {
    const calls = mockApi(() => json(200, { data: { message: 'Your password has been changed. Please sign in.' } }));
    renderAppAt('/reset-password?token=abc123');
    await type(/^New Password/, 'Better@2024-pw');
    await type(/^Confirm Password/, 'Better@2024-pw');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(calls[0]).toMatchObject({
      path: '/v1/reset-password',
      body: { token: 'abc123', password: 'Better@2024-pw' },
    });
    expect(
      within(screen.getByRole('status')).getByText('Your password has been changed. Please sign in.'),
    ).toBeInTheDocument();
  });

  it('refuses different passwords', async () => {
    const calls = mockApi();
    renderAppAt('/reset-password?token=abc123');
    await type(/^New Password/, 'Better@2024-pw');
    await type(/^Confirm Password/, 'Other@2024-pw');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the password rule before sending', async () => {
    const calls = mockApi();
    renderAppAt('/reset-password?token=abc123');
    await type(/^New Password/, 'Better@2024');
    await type(/^Confirm Password/, 'Better@2024');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password must be at least 12 characters and contain a letter and a digit.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('explains a link without a token', async () => {
    mockApi();
    renderAppAt('/reset-password');
    expect(
      await screen.findByText('This reset link is incomplete. Please ask for a new one.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('on-boarding', () => {
  const fillForm = async () => {
    await type(/^Business Name/, 'Chai Point');
    await type(/^Contact Name/, 'Ravi Kumar');
    await type(/^Email/, 'ravi@chai.example');
    await type(/^Phone/, '98765 43210');
    await type(/^Website/, 'https://chai.example');
    await type(/^Expected Monthly Volume/, '250000.50');
  };

  it('requires every field', async () => {
    mockApi();
    renderAppAt('/on-boarding');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }, { timeout: 5000 }));
    expect(await screen.findByText('Business Name is Required!')).toBeInTheDocument();
    expect(screen.getByText('Expected Monthly Volume (₹) is Required!')).toBeInTheDocument();
  });

  it('sends the application and thanks the applicant', async () => {
    const calls = mockApi(() => json(201, { data: { id: 'a1', status: 'PENDING' } }));
    renderAppAt('/on-boarding');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findAllByText(/We review your application and reply to ravi@chai.example/)).not.toHaveLength(0);
    expect(calls[0].body).toEqual({
      businessName: 'Chai Point',
      contactName: 'Ravi Kumar',
      email: 'ravi@chai.example',
      phone: '98765 43210',
      website: 'https://chai.example',
      expectedMonthlyVolume: 250000.5,
    });
  });

  it("puts the server's message on the field it names", async () => {
    mockApi(() => json(400, { error: { message: 'email is already registered', code: 'VALIDATION', field: 'email' } }));
    renderAppAt('/on-boarding');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findAllByText('email is already registered')).toHaveLength(2);
  });
});
