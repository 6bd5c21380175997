import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListContextProvider, RecordContextProvider, type ListControllerResult } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { put } from '../../providers/http';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { AuditHistory } from './AuditHistory';
import { changesOf, describeChange } from './changes';
import { ensureOk } from './confirmation';
import { ConfirmedSwitch } from './ConfirmedSwitch';
import { ExportButton } from './ExportButton';
import { useConfirmedAction, type ConfirmedAction } from './useConfirmedAction';

const Harness = ({ action }: { action: ConfirmedAction }) => {
  const { confirm, dialog } = useConfirmedAction();
  return (
    <>
      <button onClick={() => confirm('merchant.rotate-keys', action)}>Do it</button>
      <button onClick={() => confirm('merchant.delete', action, undefined, { recordId: 'm1' })}>Delete m1</button>
      {dialog}
    </>
  );
};

/** The API: the password Demo@1234 is right, every other one wrong; rotate-key answers what `rotate` says. */
const api = (rotate: (call: Call) => Response = () => json(200, { data: { id: 'm1' } })) =>
  mockApi((call) => {
    if (call.path === '/v1/confirmations') {
      return (call.body as { password: string }).password === 'Demo@1234'
        ? json(200, { data: { confirmation: `c-${call.body ? 1 : 0}`, expiresAt: '' } })
        : json(400, { error: { message: 'The password is not correct.', code: 'BAD_REQUEST', field: 'password' } });
    }
    if (call.path === '/v1/merchants/m1/rotate-key') return rotate(call);
    return undefined;
  });

const rotate: ConfirmedAction = async (headers) => {
  ensureOk(await put('/merchants/m1/rotate-key', {}, { headers }));
};

const typePassword = (value: string) => {
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
};

beforeEach(() => {
  signInAs('ADMIN');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useConfirmedAction', () => {
  it('asks for the password, then runs the action with the confirmation header', async () => {
    const calls = api();
    const action = vi.fn(rotate);
    renderInAdmin(<Harness action={action} />);
    fireEvent.click(screen.getByText('Do it'));
    expect(await screen.findByText('Confirm with your password')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Password is Required!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    typePassword('wrong');
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();

    typePassword('Demo@1234');
    await waitFor(() => expect(action).toHaveBeenCalledWith({ 'x-confirmation': 'c-1' }));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/confirmations',
      'POST /v1/confirmations',
      'PUT /v1/merchants/m1/rotate-key',
    ]);
    expect(calls[1].body).toEqual({ password: 'Demo@1234', action: 'merchant.rotate-keys' });
    expect(calls[2].headers['x-confirmation']).toBe('c-1');
    await waitFor(() => expect(screen.queryByText('Confirm with your password')).not.toBeInTheDocument());
  });

  it('asks for the password again for the next action: a confirmation serves one request', async () => {
    const calls = api();
    renderInAdmin(<Harness action={rotate} />);
    fireEvent.click(screen.getByText('Do it'));
    typePassword('Demo@1234');
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Confirm with your password')).not.toBeInTheDocument());

    fireEvent.click(screen.getByText('Do it'));
    expect(await screen.findByText('Confirm with your password')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    typePassword('Demo@1234');
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls.map((c) => `${c.method} ${c.path}`).slice(2)).toEqual([
      'POST /v1/confirmations',
      'PUT /v1/merchants/m1/rotate-key',
    ]);
  });

  it('names the record the action is for, when it is known', async () => {
    const calls = api();
    renderInAdmin(<Harness action={rotate} />);
    fireEvent.click(screen.getByText('Delete m1'));
    typePassword('Demo@1234');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0].body).toEqual({ password: 'Demo@1234', action: 'merchant.delete', recordId: 'm1' });
  });

  it("shows a refused confirmation as the server's message", async () => {
    api(() =>
      json(403, {
        error: { message: 'Please enter your password again to confirm this action.', code: 'CONFIRMATION_REQUIRED' },
      }),
    );
    renderInAdmin(<Harness action={rotate} />);
    fireEvent.click(screen.getByText('Do it'));
    typePassword('Demo@1234');
    expect(await screen.findByText('Please enter your password again to confirm this action.')).toBeInTheDocument();
  });

  it("shows the action's failure as an error toast with the server's message", async () => {
    api(() =>
      json(409, {
        error: {
          message: 'This merchant has sub-merchants, users or bank accounts: disable it instead of deleting it.',
          code: 'HAS_HISTORY',
        },
      }),
    );
    renderInAdmin(<Harness action={rotate} />);
    fireEvent.click(screen.getByText('Do it'));
    typePassword('Demo@1234');
    expect(await screen.findByText(/disable it instead of deleting it/)).toBeInTheDocument();
  });
});

describe('ConfirmedSwitch', () => {
  it('PUTs the flipped value with the confirmation', async () => {
    const calls = mockApi((call) =>
      call.path === '/v1/confirmations'
        ? json(200, { data: { confirmation: 'c-9' } })
        : json(200, { data: { id: 'm1', enabled: false } }),
    );
    renderInAdmin(
      <RecordContextProvider value={{ id: 'm1', enabled: true }}>
        <ConfirmedSwitch
          kind="merchant.toggle"
          source="enabled"
          path={(r) => `/merchants/${r.id}/enabled`}
          resource="merchants"
          label="Enabled"
        />
      </RecordContextProvider>,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    typePassword('Demo@1234');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/v1/merchants/m1/enabled'));
    expect(calls[0].body).toEqual({ password: 'Demo@1234', action: 'merchant.toggle', recordId: 'm1' });
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { enabled: false },
      headers: { 'x-confirmation': 'c-9' },
    });
  });

  it('is read-only for a role that may not toggle', () => {
    mockApi();
    signInAs('TRANSACTIONS');
    renderInAdmin(
      <RecordContextProvider value={{ id: 'm1', enabled: true }}>
        <ConfirmedSwitch
          kind="merchant.toggle"
          source="enabled"
          path={(r) => `/merchants/${r.id}/enabled`}
          resource="merchants"
          label="Enabled"
        />
      </RecordContextProvider>,
    );
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
  });
});

describe('ExportButton', () => {
  it("downloads the server's CSV with the list's filters and sort", async () => {
    const calls = mockApi(
      () =>
        new Response('Code\nACME\n', { headers: { 'content-disposition': 'attachment; filename="merchants.csv"' } }),
    );
    const createObjectURL = vi.fn(() => 'blob:1');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const list = {
      resource: 'merchant',
      filterValues: { code: 'AC', topLevel: true },
      sort: { field: 'code', order: 'ASC' },
      total: 3,
    };
    renderInAdmin(
      <ListContextProvider value={list as unknown as ListControllerResult}>
        <ExportButton />
      </ListContextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(`${calls[0].path}?${calls[0].query}`).toBe(
      '/v1/merchants/export?sortBy=code&sortOrder=asc&code=AC&topLevel=true',
    );
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /);
  });
});

describe('AuditHistory', () => {
  it('lists the changes of the record', async () => {
    const calls = mockApi((call) =>
      call.path === '/v1/audit-events'
        ? json(200, {
            data: [
              {
                id: '1',
                at: '2026-01-01T06:30:00Z',
                actorName: 'admin',
                actorRole: 'ADMIN',
                action: 'update',
                entity: 'merchants',
                entityId: 'm1',
                before: { name: 'Old' },
                after: { name: 'New' },
              },
            ],
            total: 1,
          })
        : undefined,
    );
    renderInAdmin(<AuditHistory entity="merchants" id="m1" />);
    expect(await screen.findByText('01/01/2026 at 12:00:00 PM')).toBeInTheDocument();
    expect(screen.getByText('name: Old → New')).toBeInTheDocument();
    expect(calls[0].query.get('entity')).toBe('merchants');
    expect(calls[0].query.get('entityId')).toBe('m1');
  });

  it('says so when nothing was recorded', async () => {
    mockApi((call) => (call.path === '/v1/audit-events' ? json(200, { data: [], total: 0 }) : undefined));
    renderInAdmin(<AuditHistory entity="merchants" id="m1" />);
    expect(await screen.findByText('No changes have been recorded for this record yet.')).toBeInTheDocument();
  });

  it('is not shown to a role that may not read the audit log', () => {
    const calls = mockApi();
    signInAs('MERCHANT_ADMIN');
    renderInAdmin(<AuditHistory entity="merchants" id="m1" />);
    expect(screen.queryByText('History')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('changesOf', () => {
  it('lists the changed fields of an update, and the values of a created or deleted record', () => {
    expect(changesOf({ name: 'A', code: 'X' }, { name: 'B', code: 'X' }).map(describeChange)).toEqual(['name: A → B']);
    expect(changesOf(null, { id: '1', code: 'X', limits: { min: 1 } }).map(describeChange)).toEqual([
      'code: X',
      'limits: {"min":1}',
    ]);
    expect(changesOf({ code: 'X', returnUrl: null }, null).map(describeChange)).toEqual(['code: X', 'returnUrl: —']);
  });
});
