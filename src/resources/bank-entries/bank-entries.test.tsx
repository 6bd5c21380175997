import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { AddDataScreen } from './AddDataScreen';
import { AddEntryForm } from './AddEntryForm';
import { BankEntryList } from './BankEntryList';
import { ImportStatement } from './ImportStatement';
import { entryBody } from './entryForm';

afterEach(() => vi.unstubAllGlobals());

const BANKS = [
  { id: 'b1', nickname: 'ALPHA-HDFC-01', usedFor: 'PAYIN' },
  { id: 'b2', nickname: 'BETA-SBI-02', usedFor: 'PAYIN' },
];

const ENTRY = {
  id: 'e1',
  bankAccountId: 'b1',
  bankNickname: 'ALPHA-HDFC-01',
  utr: '123456789012',
  amount: 1500.5,
  amountCode: 'AB3CD',
  source: 'Manual',
  used: true,
  payinId: 'p1',
  vendorSettlementId: null,
  merchantOrderId: 'ORD-7',
  usedAt: '2026-01-31T06:00:00.000Z',
  createdBy: 'ops.anita',
  createdAt: '2026-01-31T05:30:00.000Z',
};
const UNUSED = { ...ENTRY, id: 'e2', utr: '999988887777', used: false, payinId: null, merchantOrderId: null };

/** The events stream: open and silent until the test writes to it or the page closes it. */
const eventStream = () => {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const state = { cancelled: false };
  return {
    state,
    response: () => {
      const body = new ReadableStream<Uint8Array>({
        start: (c) => void (controller = c),
        cancel: () => void (state.cancelled = true),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    write: (text: string) => controller?.enqueue(new TextEncoder().encode(text)),
  };
};

type Answer = (call: Call) => Response | undefined;

const api = (
  { write = () => undefined, rows = [ENTRY, UNUSED], events = eventStream() } = {} as {
    write?: Answer;
    rows?: object[];
    events?: ReturnType<typeof eventStream>;
  },
) =>
  mockApi((call) => {
    if (call.path === '/v1/bank-accounts') return json(200, { data: BANKS, total: BANKS.length });
    if (call.path === '/v1/events') return events.response();
    if (call.path === '/v1/confirmations') return json(200, { data: { confirmation: 'c-1', expiresAt: '' } });
    if (call.path === '/v1/bank-entries' && call.method === 'GET') return json(200, { data: rows, total: rows.length });
    if (call.path.startsWith('/v1/bank-entries') && call.method === 'POST') return write(call);
    return undefined;
  });

const renderAs = (role: Role, ui: ReactNode) => {
  signInAs(role);
  return renderInAdmin(<ResourceContextProvider value="add-data">{ui}</ResourceContextProvider>);
};
const renderScreen = (role: Role = 'ADMIN') => renderAs(role, <AddDataScreen />);
const renderAddForm = () => renderAs('ADMIN', <AddEntryForm />);
const renderImport = () => renderAs('ADMIN', <ImportStatement />);
const renderList = (role: Role = 'ADMIN') => renderAs(role, <BankEntryList />);

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('.MuiCard-root')!);
const addForm = () => card('Add Data');
const importForm = () => card('Upload bank statement');
const type = (scope: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
const pickBank = async (scope: ReturnType<typeof within>, name: string) => {
  fireEvent.mouseDown(await scope.findByRole('combobox', { name: /^Bank/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
};
const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('the Add Data form', () => {
  it('says what is wrong with the UTR, the amount and the amount code, and sends nothing', async () => {
    const calls = api();
    renderAddForm();
    await screen.findByText('Add Data');
    type(addForm(), 'Amount', '0.5');
    type(addForm(), 'Amount Code', 'AB1');
    type(addForm(), 'UTR', '1234 5678');
    fireEvent.click(addForm().getByRole('button', { name: 'Add' }));

    for (const message of [
      'Bank is Required!',
      'Amount must be from ₹1.00 to ₹5,00,000.00 with at most 2 decimals',
      'Amount Code must be exactly 5 letters or digits',
      'UTR must be the 12 digits of the bank reference',
    ])
      await waitFor(() => expect(addForm().getByText(message)).toBeInTheDocument());

    type(addForm(), 'Amount', '500000.01');
    await waitFor(() => expect(addForm().getByText(/^Amount must be from ₹1.00/)).toBeInTheDocument());
    type(addForm(), 'Amount', '10.555');
    await waitFor(() => expect(addForm().getByText(/^Amount must be from ₹1.00/)).toBeInTheDocument());
    type(addForm(), 'Amount', '500000');
    await waitFor(() => expect(addForm().queryByText(/^Amount must be from ₹1.00/)).not.toBeInTheDocument());
    expect(posts(calls, '/v1/bank-entries')).toHaveLength(0);
  });

  it('requires the UTR and the amount', async () => {
    api();
    renderAddForm();
    await screen.findByText('Add Data');
    type(addForm(), 'Amount Code', 'AB3CD');
    fireEvent.click(addForm().getByRole('button', { name: 'Add' }));
    expect(await addForm().findByText('UTR is Required!')).toBeInTheDocument();
    expect(addForm().getByText('Amount is Required!')).toBeInTheDocument();
  });

  it('sends the UTR without spaces and the code in capitals, and names the pay-in it completed', async () => {
    const calls = api({
      write: () => json(201, { data: { entry: ENTRY, matched: { payinId: 'p1', status: 'SUCCESS' } } }),
    });
    renderAddForm();
    await pickBank(addForm(), 'ALPHA-HDFC-01');
    type(addForm(), 'Amount', '1500.5');
    type(addForm(), 'Amount Code', 'ab3cd');
    type(addForm(), 'UTR', '1234 5678 9012');
    fireEvent.click(addForm().getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(posts(calls, '/v1/bank-entries')).toHaveLength(1));
    expect(posts(calls, '/v1/bank-entries')[0].body).toEqual({
      bankAccountId: 'b1',
      utr: '123456789012',
      amount: 1500.5,
      amountCode: 'AB3CD',
    });
    expect(await screen.findByText('Entry recorded: it paid pay-in ORD-7, now Success.')).toBeInTheDocument();
    // The form clears for the next entry and keeps the bank.
    await waitFor(() => expect(addForm().getByLabelText('UTR')).toHaveValue(''));
    expect(addForm().getByRole('combobox', { name: /^Bank/ })).toHaveTextContent('ALPHA-HDFC-01');
  });

  it('leaves a blank amount code out', () =>
    expect(entryBody({ bankAccountId: 'b1', utr: ' 1234 5678 9012 ', amount: 10, amountCode: '  ' })).toEqual({
      bankAccountId: 'b1',
      utr: '123456789012',
      amount: 10,
    }));

  it('shows "Repeated" when the UTR is already recorded', async () => {
    api({ write: () => json(409, { error: { message: 'Repeated', code: 'REPEATED' } }) });
    renderAddForm();
    await pickBank(addForm(), 'BETA-SBI-02');
    type(addForm(), 'Amount', '100');
    type(addForm(), 'UTR', '123456789012');
    fireEvent.click(addForm().getByRole('button', { name: 'Add' }));
    expect(await addForm().findByText('Repeated')).toBeInTheDocument();
    expect(addForm().getByLabelText('UTR')).toHaveValue('123456789012');
  });

  it('is not offered to a role that may only read entries', async () => {
    api();
    renderScreen('VENDOR');
    await screen.findByText('999988887777');
    expect(screen.queryByText('Add Data')).not.toBeInTheDocument();
    expect(screen.queryByText('Upload bank statement')).not.toBeInTheDocument();
  });
});

describe('uploading a bank statement', () => {
  const chooseFile = () =>
    fireEvent.change(importForm().getByLabelText('Bank statement (CSV)'), {
      target: { files: [new File(['utr,amount,date,code\n'], 'hdfc-jan.csv', { type: 'text/csv' })] },
    });

  it('sends the bank account first, then the file, and lists the refused lines', async () => {
    const calls = api({
      write: () =>
        json(400, {
          error: {
            message: '2 lines are invalid',
            code: 'INVALID_ROWS',
            rows: [
              { line: 3, reason: 'utr must be 12 digits' },
              { line: 7, reason: 'amount must be from ₹1 to ₹5,00,000' },
            ],
          },
        }),
    });
    renderImport();
    await pickBank(importForm(), 'BETA-SBI-02');
    chooseFile();
    expect(importForm().getByText('hdfc-jan.csv')).toBeInTheDocument();
    fireEvent.click(importForm().getByRole('button', { name: 'Upload' }));

    const table = within(await importForm().findByRole('table'));
    const sent = posts(calls, '/v1/bank-entries/import')[0].body as FormData;
    expect([...sent.keys()]).toEqual(['bankAccountId', 'file']);
    expect(sent.get('bankAccountId')).toBe('b2');
    expect((sent.get('file') as File).name).toBe('hdfc-jan.csv');
    expect(importForm().getByText(/Nothing was recorded/)).toBeInTheDocument();
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'LineReason',
      '3utr must be 12 digits',
      '7amount must be from ₹1 to ₹5,00,000',
    ]);
  });

  it('says how many entries were recorded and pay-ins matched', async () => {
    api({ write: () => json(201, { data: { recorded: 3, matched: 1 } }) });
    renderImport();
    await pickBank(importForm(), 'ALPHA-HDFC-01');
    chooseFile();
    fireEvent.click(importForm().getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('3 entries recorded, 1 pay-in matched')).toBeInTheDocument();
  });

  it('wants a bank and a file', async () => {
    api();
    renderImport();
    await pickBank(importForm(), 'ALPHA-HDFC-01');
    fireEvent.click(importForm().getByRole('button', { name: 'Upload' }));
    expect(await importForm().findByText('Bank statement (CSV) is Required!')).toBeInTheDocument();
  });
});

describe('the list of entries', () => {
  it('asks the server for the newest first and tags each entry Used or Un-Used', async () => {
    const calls = api();
    renderList();
    const used = (await screen.findByText('123456789012')).closest('tr')!;
    const unused = screen.getByText('999988887777').closest('tr')!;
    expect(within(used).getByText('Used')).toHaveClass('MuiChip-label');
    expect(within(used).getByText('Used').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(unused).getByText('Un-Used').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(used).getByRole('link', { name: 'ORD-7' })).toHaveAttribute(
      'href',
      expect.stringContaining('/deposit/all/p1/show'),
    );
    expect(within(used).getByText('₹1,500.50')).toBeInTheDocument();
    expect(within(used).getByText('31/01/2026 at 11:00:00 AM')).toBeInTheDocument();

    const list = calls.find((c) => c.path === '/v1/bank-entries' && c.method === 'GET')!;
    expect(Object.fromEntries(list.query)).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc', page: '1' });
  });

  it('sends the Used / Un-Used filter to the server', async () => {
    const calls = api();
    renderList();
    await screen.findByText('123456789012');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Used/Un-Used' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Un-Used' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/v1/bank-entries' && c.query.get('used') === 'UnUsed')).toBe(true),
    );
  });

  it.each(['TRANSACTIONS', 'OPERATIONS'] as const)('offers %s no Reset of its own', async (role) => {
    api();
    renderList(role);
    await screen.findByText('123456789012');
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it('lets ADMIN reset a used entry after a question and the password', async () => {
    const calls = api({ write: () => json(200, { data: { ...ENTRY, used: false, payinId: null } }) });
    renderList('ADMIN');
    await screen.findByText('123456789012');
    const resets = screen.getAllByRole('button', { name: 'Reset' });
    expect(resets).toHaveLength(1);
    fireEvent.click(resets[0]);

    const question = await screen.findByRole('dialog');
    expect(within(question).getByText(/Reset the entry with UTR 123456789012 \(₹1,500.50\)/)).toBeInTheDocument();
    fireEvent.click(within(question).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('Confirm with your password')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(posts(calls, '/v1/bank-entries/e1/reset')).toHaveLength(1));
    expect(posts(calls, '/v1/bank-entries/e1/reset')[0].headers['x-confirmation']).toBe('c-1');
    expect(posts(calls, '/v1/confirmations')[0].body).toEqual({
      password: 'Demo@1234',
      action: 'bank-entry.reset',
      recordId: expect.any(String),
    });
    expect(await screen.findByText('Entry reset: it is Un-Used again.')).toBeInTheDocument();
  });

  it('tells the ADMIN who asked that a checker must reset it too, then shows the entry as waiting', async () => {
    api({ write: () => json(202, { data: { ...ENTRY, awaitingChecker: 'admin' } }) });
    renderList('ADMIN');
    await screen.findByText('123456789012');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Your reset of UTR 123456789012 is recorded: another person must reset it too.'),
    ).toBeInTheDocument();
  });

  it('shows the maker "Waiting for a checker", and offers TRANSACTIONS the Reset that checks it', async () => {
    const waiting = { ...ENTRY, awaitingChecker: 'admin' };
    api({ rows: [waiting, UNUSED] });
    const first = renderList('ADMIN');
    expect(await screen.findByText('Waiting for a checker')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    first.unmount();
    api({ rows: [waiting, UNUSED] });
    renderList('TRANSACTIONS');
    await screen.findByText('123456789012');
    expect(screen.getAllByRole('button', { name: 'Reset' })).toHaveLength(1);
  });
});

describe('live refresh of the list', () => {
  const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/v1/bank-entries' && c.method === 'GET');

  it('refetches the list when a bank-entries event arrives, and not while paused', async () => {
    const events = eventStream();
    const calls = api({ events });
    renderList();
    await screen.findByText('123456789012');
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/events')).toBe(true));
    const before = listCalls(calls).length;

    events.write(': ping\n\nevent: bank-entries\ndata: {"id":"e3"}\n\n');
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));

    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    expect(screen.getByRole('switch', { name: 'Paused' })).not.toBeChecked();
    await waitFor(() => expect(events.state.cancelled).toBe(true));
    expect(listCalls(calls)).toHaveLength(before + 1);
  });
});
