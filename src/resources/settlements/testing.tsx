import type { ReactElement } from 'react';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import type { Settlement } from './types';

/** The Settlements screens' UI tests: a row as the API lists it, a fake API and helpers to read the table. */

// These files run beside the other suites on two cores: a dialog or a page may take seconds to draw.
configure({ asyncUtilTimeout: 5000 });

export const SETTLEMENT: Settlement = {
  id: '5e1a2b3c-0d4e-4f50-8a6b-7c8d9e0f1a2b',
  merchantCode: 'ACME',
  amount: 25000,
  method: 'BANK',
  status: 'INITIATED',
  accountHolder: 'Acme Retail',
  accountNumber: '001234567890',
  ifsc: 'HDFC0001234',
  wallet: null,
  walletAddress: null,
  reference: null,
  reason: null,
  createdByName: 'admin',
  completedAt: null,
  createdAt: '2026-03-20T06:30:00.000Z',
  updatedAt: '2026-03-20T06:35:00.000Z',
};

/** A row whose id starts with `name` (the buttons name a settlement by its id's first eight characters). */
export const row = <T extends object = Settlement>(name: string, fields: Partial<T>, base: object = SETTLEMENT) =>
  ({ ...base, id: `${name.padEnd(8, '-')}-0000-4000-8000-000000000000`, ...fields }) as T;

type Answer = (call: Call) => Response | undefined;

/**
 * Answers the merchant list, the vendors, the confirmations, GET /v1/<resource> and its balances
 * (none unless `more` answers them); `write` answers the POSTs.
 */
export const fakeApi = (resource: string, rows: object[], write: Answer = () => undefined, more?: Answer) =>
  mockApi((call) => {
    const extra = more?.(call);
    if (extra) return extra;
    if (call.path === '/v1/getall-merchant')
      return json(200, {
        data: { merchants: [{ id: 'm1', code: 'ACME', name: 'Acme Retail', parentCode: null }] },
      });
    if (call.path === '/v1/vendors')
      return json(200, { data: [{ id: 'v1', code: 'VEN-ALPHA', name: 'Alpha', enabled: true }], total: 1 });
    if (call.path === `/v1/${resource}` && call.method === 'GET') return json(200, { data: rows, total: rows.length });
    if (call.path === `/v1/${resource}/balances`) return json(200, { data: [] });
    if (call.path === '/v1/confirmations') return json(200, { data: { confirmation: 'c-1', expiresAt: '' } });
    if (call.method === 'POST' && call.path.startsWith(`/v1/${resource}`))
      return write(call) ?? json(200, { data: { ...SETTLEMENT, status: 'SUCCESS' } });
    return undefined;
  });

export const renderScreen = (screenName: string, list: ReactElement, role: Role, claims?: Record<string, unknown>) => {
  signInAs(role, undefined, claims);
  return renderInAdmin(
    <MerchantsProvider>
      <ResourceContextProvider value={screenName}>{list}</ResourceContextProvider>
    </MerchantsProvider>,
  );
};

export const listsOf = (calls: Call[], resource: string) =>
  calls.filter((c) => c.path === `/v1/${resource}` && c.method === 'GET');
export const writesOf = (calls: Call[], resource: string) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith(`/v1/${resource}`));
export const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
export const rowOf = async (text: string) =>
  (await screen.findByText(text, { selector: 'td *, td' })).closest('tr') as HTMLElement;
export const buttonsOf = (tr: HTMLElement) =>
  within(tr)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label')?.split(' ')[0]);

/** Types into a dialog's text box. */
export const type = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

/** Picks an option of a dialog's select. */
export const choose = async (dialog: HTMLElement, name: RegExp, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

/** The options a dialog's select offers. */
export const optionsOf = async (dialog: HTMLElement, name: RegExp) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent?.trim()).filter(Boolean);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return options;
};

/** Types the password in the confirmation dialog an approval or a reset opens, and confirms. */
export const typePassword = async () => {
  fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
};
