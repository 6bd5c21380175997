import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderInAdmin, signInAs } from '../test-support';
import { TwoFactorDialog } from './TwoFactorDialog';

afterEach(() => vi.unstubAllGlobals());

const status = (enabled: boolean) =>
  json(200, { data: { enabled, enabledAt: null, recoveryCodesLeft: enabled ? 10 : 0, required: false } });

describe('two-factor dialog of the top bar', () => {
  it('sets up an authenticator app: QR code, first code, then the recovery codes once', async () => {
    signInAs('ADMIN');
    const calls = mockApi((call) => {
      if (call.path === '/v1/two-factor') return status(false);
      if (call.path === '/v1/two-factor/enrol')
        return json(200, { data: { secret: 'ABCDEFGHABCDEFGH', uri: 'otpauth://x', qr: 'data:image/png;base64,AA' } });
      if (call.path === '/v1/two-factor/confirm')
        return (call.body as { code: string }).code === '123456'
          ? json(200, { data: { recoveryCodes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] } })
          : json(400, { error: { message: 'That code is not right.', code: 'VALIDATION', field: 'code' } });
      return undefined;
    });
    const onClose = vi.fn();
    renderInAdmin(<TwoFactorDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    expect(await within(dialog).findByText(/is off/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set up' }));
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(within(dialog).getByTestId('two-factor-secret')).toHaveTextContent('ABCD EFGH ABCD EFGH');
    const code = within(dialog).getByLabelText(/^Code from the app/);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('That code is not right.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/v1/two-factor/confirm').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('turns it off with the password and a current code', async () => {
    signInAs('ADMIN');
    let on = true;
    const calls = mockApi((call) => {
      if (call.path === '/v1/two-factor') return status(on);
      if (call.path === '/v1/two-factor/disable') {
        on = false;
        return json(200, { data: { message: 'Two-factor sign-in is off.' } });
      }
      return undefined;
    });
    renderInAdmin(<TwoFactorDialog onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    expect(await within(dialog).findByText('Two-factor sign-in is on. 10 recovery codes left.')).toBeInTheDocument();
    const turnOff = within(dialog).getByRole('button', { name: 'Turn off' });
    expect(turnOff).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.change(within(dialog).getByLabelText(/^Authentication code/), { target: { value: '654321' } });
    fireEvent.click(turnOff);
    expect(await within(dialog).findByText(/is off/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/two-factor/disable')?.body).toEqual({
        password: 'Demo@1234',
        code: '654321',
      }),
    );
  });
});
