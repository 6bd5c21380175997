import { fireEvent, screen, within } from '@testing-library/react';
import type { Role } from '../../../domain/roles';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { Dashboard } from './Dashboard';
import type { DashboardFigures, VendorBoardFigures } from './types';
import { VendorBoard } from './VendorBoard';

/** The boards' UI tests: the figures as the API answers them, a fake API and helpers to read the screen. */

// 26 Nov 2026 00:00:00 IST: UTC is still on the 25th.
export const NOW = new Date('2026-11-25T18:30:00.000Z');

export const FIGURES: DashboardFigures = {
  deposit: { amount: 123456.5, count: 12 },
  depositFee: 2469.13,
  withdraw: { amount: 50000, count: 1 },
  withdrawFee: 750,
  reversedWithdraw: 1000,
  commission: 3219.13,
  settlement: 20000,
  chargeback: 500,
  currentBalance: 50737.37,
  netBalance: 1234567.89,
  bucket: 'hour',
  series: [
    { at: '2026-11-26T13:00:00+05:30', deposit: 100000, withdraw: 0 },
    { at: '2026-11-26T14:00:00+05:30', deposit: 23456.5, withdraw: 50000 },
  ],
  payinSuccessRate: { current: 0.875, previous: 0.8 },
  medianSecondsToSuccess: { current: 125, previous: null },
};

export const VENDOR_FIGURES: VendorBoardFigures = {
  collected: { amount: 80000, count: 4 },
  withdraw: { amount: 78000, count: 2 },
  reversedWithdraw: 0,
  commission: 0,
  settlement: 500,
  currentBalance: -250,
  netBalance: 1500,
  bucket: 'day',
  series: [
    { at: '2026-11-20T00:00:00+05:30', deposit: 80000, withdraw: 0 },
    { at: '2026-11-21T00:00:00+05:30', deposit: 0, withdraw: 78000 },
  ],
};

const MERCHANTS = [
  { id: 'm2', code: 'M200', name: 'Beta Stores', parentCode: null },
  { id: 'm1', code: 'M100', name: 'Alpha Retail', parentCode: null },
];
const VENDORS = [
  { code: 'VEN-ALPHA', name: 'Alpha' },
  { code: 'VEN-BETA', name: 'Beta' },
];

type Answer = (call: Call) => Response;
export const api = (board: Answer) =>
  mockApi((call) => {
    if (call.path === '/v1/getall-merchant') return json(200, { data: { merchants: MERCHANTS } });
    if (call.path === '/v1/payouts/vendors') return json(200, { data: VENDORS });
    if (call.path === '/v1/dashboard' || call.path === '/v1/vendor-board') return board(call);
    return undefined;
  });
export const callsTo = (calls: Call[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.query));

export const renderBoard = (role: Role, board: 'dashboard' | 'vendor-board') => {
  signInAs(role);
  return renderInAdmin(
    <MerchantsProvider>{board === 'dashboard' ? <Dashboard /> : <VendorBoard />}</MerchantsProvider>,
  );
};

export const search = () => fireEvent.click(screen.getByRole('button', { name: 'Search' }));
export const choosePreset = async (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
  fireEvent.click(await screen.findByRole('option', { name }));
};
/** The value beside a label in a summary (its <dt> and <dd>). */
export const summaryOf = (region: HTMLElement) =>
  Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
export const card = (name: string) => screen.findByRole('region', { name });
