import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayinsReport, VendorAccountsReport, VendorPayinsReport, VendorPayoutsReport } from './screens';
import {
  PAYIN,
  VENDOR_ACCOUNTS,
  VENDOR_PAYINS,
  choose,
  fakeApi,
  press,
  queriesOf,
  renderReport,
  rowOf,
  setDay,
} from './testing';

const PAYINS = 'reports/payins';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Fills the Payins form the way the contract's example reads. */
const fillPayins = async () => {
  await choose('Merchant Codes', 'ACME — Acme Retail');
  await choose('Merchant Codes', 'BOLT — Bolt Foods');
  screen.getByRole('checkbox', { name: 'Include Sub Merchant' }).click();
  await choose('Status', 'Success');
  await choose('Method', 'Manual');
  setDay('From (IST)', '2026-11-01');
  setDay('To (IST)', '2026-11-25');
};
const PAYIN_FILTERS = [
  ['merchantCode', 'ACME,BOLT'],
  ['includeSubMerchants', 'true'],
  ['status', 'SUCCESS'],
  ['method', 'Manual'],
  ['from', '2026-11-01'],
  ['to', '2026-11-25'],
];

describe('the Payins report', () => {
  it('asks for nothing until Search, then sends exactly the filters of the contract', async () => {
    const calls = fakeApi({ [PAYINS]: { data: [PAYIN], total: 1 } });
    renderReport(PayinsReport, 'ADMIN');
    expect(await screen.findByText('Choose the filters, then Search')).toBeInTheDocument();
    await fillPayins();
    expect(queriesOf(calls, PAYINS)).toEqual([]);
    press('Search');
    await rowOf('K7Q2');
    expect(queriesOf(calls, PAYINS)).toEqual([[...PAYIN_FILTERS, ['page', '1'], ['pageSize', '25']]]);
  });

  it('starts on today in IST, says when sub-merchants are left out, and sends no empty filter', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T20:00:00.000Z') });
    const calls = fakeApi({ [PAYINS]: { data: [], total: 0 } });
    renderReport(PayinsReport, 'MERCHANT');
    expect(screen.getByLabelText('From (IST)')).toHaveValue('25/11/2026');
    expect(screen.getByLabelText('To (IST)')).toHaveValue('25/11/2026');
    press('Search');
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    expect(queriesOf(calls, PAYINS)).toEqual([
      [
        ['includeSubMerchants', 'false'],
        ['from', '2026-11-25'],
        ['to', '2026-11-25'],
        ['page', '1'],
        ['pageSize', '25'],
      ],
    ]);
  });

  it('draws the rows with rupees and IST times', async () => {
    fakeApi({ [PAYINS]: { data: [PAYIN], total: 1 } });
    renderReport(PayinsReport, 'TRANSACTIONS');
    press('Search');
    const tr = await rowOf('K7Q2');
    expect(within(tr).getByText('₹1,234.50')).toBeInTheDocument();
    expect(within(tr).getAllByText('₹1,00,000.00')).toHaveLength(2);
    expect(within(tr).getByText('20/11/2026 at 12:00:00 PM')).toBeInTheDocument();
    expect(within(tr).getByText('21/11/2026 at 12:15:10 AM')).toBeInTheDocument();
  });

  it('downloads the CSV of the same filters with the bearer token, not in the address', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = fakeApi({ [PAYINS]: { data: [PAYIN], total: 1 } });
    const token = renderReport(PayinsReport, 'ADMIN');
    await fillPayins();
    press('Download CSV');
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exports = calls.filter((c) => c.path === `/v1/${PAYINS}/export`);
    expect(exports.map((c) => [...c.query.entries()])).toEqual([PAYIN_FILTERS]);
    expect(exports[0].headers).toEqual({ Authorization: `Bearer ${token}` });
    expect(queriesOf(calls, PAYINS)).toEqual([]);
  });

  it('reads the next page on the server with the same filters', async () => {
    const calls = fakeApi({ [PAYINS]: { data: [PAYIN], total: 60 } });
    renderReport(PayinsReport, 'ADMIN');
    await fillPayins();
    press('Search');
    await rowOf('K7Q2');
    screen.getByRole('button', { name: 'Go to next page' }).click();
    await waitFor(() => expect(queriesOf(calls, PAYINS)).toHaveLength(2));
    expect(queriesOf(calls, PAYINS)[1]).toEqual([...PAYIN_FILTERS, ['page', '2'], ['pageSize', '25']]);
  });

  it('refuses a range that ends before it starts, and shows the server’s refusal', async () => {
    const calls = fakeApi({}, PAYINS);
    renderReport(PayinsReport, 'ADMIN');
    setDay('From (IST)', '2026-11-25');
    setDay('To (IST)', '2026-11-01');
    press('Search');
    expect(await screen.findByText('To (IST) may not be before From (IST)')).toBeInTheDocument();
    press('Download CSV');
    expect(queriesOf(calls, PAYINS)).toEqual([]);
    expect(calls.some((c) => c.path.endsWith('/export'))).toBe(false);
    setDay('To (IST)', '2026-11-25');
    press('Search');
    expect(await screen.findByText('The range is too long.')).toBeInTheDocument();
  });
});

describe('accessibility', () => {
  it.each([
    ['Payins', PayinsReport, 'ADMIN', PAYINS, PAYIN, 'K7Q2'],
    ['Vendor Accounts', VendorAccountsReport, 'VENDOR', 'reports/vendor-accounts', VENDOR_ACCOUNTS, '24/11/2026'],
  ] as const)('%s breaks no WCAG A/AA rule axe judges without layout', async (_, Screen, role, path, row, cell) => {
    fakeApi({ [path]: { data: [row], total: 1 } });
    renderReport(Screen, role);
    press('Search');
    await rowOf(cell);
    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('the vendor reports', () => {
  it.each(['VENDOR', 'VENDOR_OPERATIONS'] as const)("fix %s's own vendor code", async (role) => {
    const calls = fakeApi({ 'reports/vendor-payins': { data: VENDOR_PAYINS, total: 2 } });
    renderReport(VendorPayinsReport, role);
    const own = screen.getByRole('textbox', { name: 'Vendor Code' });
    expect(own).toHaveValue('V1');
    expect(own).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'Vendor Codes' })).not.toBeInTheDocument();
    await choose('Status', 'Un-Used');
    setDay('From (IST)', '2026-11-01');
    press('Search');
    expect(within(await rowOf('512345678901')).getByText('Used')).toBeInTheDocument();
    expect(within(await rowOf('512345678902')).getByText('Un-Used')).toBeInTheDocument();
    expect(within(await rowOf('512345678902')).getByText('₹75.25')).toBeInTheDocument();
    expect(queriesOf(calls, 'reports/vendor-payins')[0].slice(0, 3)).toEqual([
      ['vendorCode', 'V1'],
      ['status', 'Un-Used'],
      ['from', '2026-11-01'],
    ]);
    expect(calls.some((c) => c.path === '/v1/payouts/vendors')).toBe(false);
  });

  it('let staff choose among the enabled vendors', async () => {
    const calls = fakeApi({ 'reports/vendor-payouts': { data: [], total: 0 } });
    renderReport(VendorPayoutsReport, 'OPERATIONS');
    await choose('Vendor Codes', 'VEN-ALPHA — Alpha');
    await choose('Vendor Codes', 'VEN-BETA — Beta');
    await choose('Status', 'Reversed');
    await choose('Method', 'Eko');
    setDay('From (IST)', '2026-11-01');
    setDay('To (IST)', '2026-11-02');
    press('Search');
    await waitFor(() => expect(queriesOf(calls, 'reports/vendor-payouts')).toHaveLength(1));
    expect(queriesOf(calls, 'reports/vendor-payouts')[0]).toEqual([
      ['vendorCode', 'VEN-ALPHA,VEN-BETA'],
      ['status', 'REVERSED'],
      ['method', 'eko'],
      ['from', '2026-11-01'],
      ['to', '2026-11-02'],
      ['page', '1'],
      ['pageSize', '25'],
    ]);
  });
});
