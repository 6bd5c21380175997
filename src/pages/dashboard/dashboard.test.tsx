import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test-support';
import type { BarChartData } from './BarChartView';
import {
  FIGURES,
  NOW,
  VENDOR_FIGURES,
  api,
  callsTo,
  card,
  choosePreset,
  renderBoard as render,
  search,
  summaryOf,
} from './testing';
import { dayShown } from '../../resources/shared/DayInput';

// jsdom draws no SVG charts: the drawing is replaced by the bars it is given, as text.
vi.mock('./BarChartView', () => ({
  BarChartView: ({ title, labels, values }: BarChartData) => (
    <ul aria-label={`${title} bars`}>
      {labels.map((label, i) => (
        <li key={label}>{`${label} ${values[i]}`}</li>
      ))}
    </ul>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Dashboard', () => {
  it('sends the IST days of the chosen preset, or of the custom range, when Search is pressed', async () => {
    const calls = api(() => json(200, { data: FIGURES }));
    render('ADMIN', 'dashboard');
    await waitFor(() => expect(callsTo(calls, '/v1/dashboard')).toHaveLength(1));
    expect(callsTo(calls, '/v1/dashboard')[0]).toEqual({
      includeSubMerchants: 'false',
      from: '2026-11-26',
      to: '2026-11-26',
    });
    const expected: [string, string, string][] = [
      ['Yesterday', '2026-11-25', '2026-11-25'],
      ['Last 7 days', '2026-11-20', '2026-11-26'],
      ['Last 15 days', '2026-11-12', '2026-11-26'],
      ['Last 30 days', '2026-10-28', '2026-11-26'],
      ['This Month', '2026-11-01', '2026-11-26'],
      ['Last Month', '2026-10-01', '2026-10-31'],
    ];
    for (const [preset, from, to] of expected) {
      await choosePreset(preset);
      // Shown dd/mm/yyyy whatever the browser's language (issue 31, item 7).
      expect(screen.getByLabelText('From')).toHaveValue(dayShown(from));
      search();
      await waitFor(() => expect(callsTo(calls, '/v1/dashboard').at(-1)).toMatchObject({ from, to }));
    }
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '03/09/2026' } });
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Custom range');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Sub Merchant' }));
    search();
    await waitFor(() =>
      expect(callsTo(calls, '/v1/dashboard').at(-1)).toEqual({
        includeSubMerchants: 'true',
        from: '2026-09-03',
        to: '2026-10-31',
      }),
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01/09/2026' } });
    expect(screen.getByText('Choose a From day on or before the To day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('draws the figures in rupees, the rates beside the period before, and gives the charts their bars', async () => {
    api(() => json(200, { data: FIGURES }));
    render('TRANSACTIONS', 'dashboard');
    expect(await card('Deposit')).toHaveTextContent('Deposit₹1,23,456.5012 transactions');
    expect(await card('Deposit %')).toHaveTextContent('₹2,469.13Pay-in fees');
    expect(await card('Withdraw')).toHaveTextContent('₹50,000.001 transaction');
    expect(await card('Withdraw %')).toHaveTextContent('₹750.00Pay-out fees');
    expect(summaryOf(await card('Summary, 26/11/2026 to 26/11/2026'))).toEqual({
      Deposit: '₹1,23,456.50',
      Withdraw: '₹50,000.00',
      'Reversed Withdraw': '₹1,000.00',
      Commission: '₹3,219.13',
      Settlement: '₹20,000.00',
      ChargeBack: '₹500.00',
      'Current Balance': '₹50,737.37',
      'Net Balance': '₹12,34,567.89All time',
    });
    expect(await card('Pay-in success rate')).toHaveTextContent(
      '87.5%Previous period (25/11/2026 to 25/11/2026): 80.0%',
    );
    expect(await card('Median time to success')).toHaveTextContent(
      '2 min 5 sPrevious period (25/11/2026 to 25/11/2026): No successful pay-ins',
    );

    const deposit = screen.getByRole('figure', { name: 'Deposit' });
    expect(deposit).toHaveAccessibleDescription(
      'Deposit per hour in rupees, 26/11/2026 to 26/11/2026: 2 bars, total ₹1,23,456.50, highest ₹1,00,000.00 at 13:00.',
    );
    const bars = (name: string) =>
      within(screen.getByRole('figure', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(await within(deposit).findByRole('list', { name: 'Deposit bars' })).toBeInTheDocument();
    expect(bars('Deposit')).toEqual(['13:00 100000', '14:00 23456.5']);
    expect(await screen.findByRole('list', { name: 'Withdraw bars' })).toBeInTheDocument();
    expect(bars('Withdraw')).toEqual(['13:00 0', '14:00 50000']);

    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('offers a merchant user only the codes of its merchant list, sorted, and sends the ones chosen', async () => {
    const calls = api(() => json(200, { data: FIGURES }));
    render('MERCHANT', 'dashboard');
    await waitFor(() =>
      expect(callsTo(calls, '/v1/getall-merchant')).toEqual([{ merchantCode: 'M100', pageSize: '1000' }]),
    );
    const select = screen.getByRole('combobox', { name: 'Merchant Code' });
    // The autocomplete loads when the field is first reached for: until then the field only shows.
    expect(select).toHaveAttribute('readonly');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    fireEvent.mouseDown(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['M100 — Alpha Retail', 'M200 — Beta Stores']);
    expect(screen.getByRole('combobox', { name: 'Merchant Code' })).not.toHaveAttribute('readonly');
    fireEvent.click(options[1]);
    search();
    await waitFor(() => expect(callsTo(calls, '/v1/dashboard').at(-1)).toMatchObject({ merchantCode: 'M200' }));
    expect(callsTo(calls, '/v1/dashboard')[0]).not.toHaveProperty('merchantCode');
  });

  it("shows the server's message when the figures cannot be read", async () => {
    const message = 'The figures could not be read: the database is busy.';
    api(() => json(503, { error: { code: 'UNAVAILABLE', message } }));
    render('OPERATIONS', 'dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('region', { name: 'Deposit' })).not.toBeInTheDocument();
  });
});

describe('Vendor Board', () => {
  it("says who owes whom for a vendor user's own vendor, fixed from the session", async () => {
    const calls = api(() => json(200, { data: VENDOR_FIGURES }));
    render('VENDOR', 'vendor-board');
    const summary = await card('Summary, 26/11/2026 to 26/11/2026');
    expect(summaryOf(summary)).toEqual({
      Collected: '₹80,000.00',
      Withdraw: '₹78,000.00',
      'Reversed Withdraw': '₹0.00',
      Commission: '₹0.00',
      'Vendor Settlement': '₹500.00',
      'Current Balance': '-₹250.00The gateway owes V1 ₹250.00',
      'Net Balance': '₹1,500.00V1 owes the gateway ₹1,500.00All time',
    });
    expect(await card('Collected')).toHaveTextContent("₹80,000.004 transactionsBank entries on the vendor's accounts");
    expect(screen.getByRole('textbox', { name: 'Vendor Code' })).toHaveValue('V1');
    expect(callsTo(calls, '/v1/vendor-board')).toEqual([{ vendorCode: 'V1', from: '2026-11-26', to: '2026-11-26' }]);
    expect(callsTo(calls, '/v1/payouts/vendors')).toEqual([]);
    expect(screen.getByRole('figure', { name: 'Collected' })).toHaveAccessibleDescription(
      'Collected per day in rupees, 26/11/2026 to 26/11/2026: 2 bars, total ₹80,000.00, highest ₹80,000.00 at 20/11.',
    );
  });

  it('lets staff choose among the enabled vendors and says when the gateway owes one', async () => {
    const calls = api((call) =>
      json(200, {
        data:
          call.query.get('vendorCode') === 'VEN-BETA'
            ? { ...VENDOR_FIGURES, netBalance: -1500, currentBalance: 0 }
            : VENDOR_FIGURES,
      }),
    );
    render('ADMIN', 'vendor-board');
    await waitFor(() => expect(callsTo(calls, '/v1/vendor-board')).toHaveLength(1));
    expect(callsTo(calls, '/v1/vendor-board')[0]).toMatchObject({ vendorCode: 'VEN-ALPHA' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Vendor Code' }));
    fireEvent.click(await screen.findByRole('option', { name: 'VEN-BETA — Beta' }));
    await choosePreset('Last 7 days');
    search();
    await waitFor(() =>
      expect(callsTo(calls, '/v1/vendor-board').at(-1)).toEqual({
        vendorCode: 'VEN-BETA',
        from: '2026-11-20',
        to: '2026-11-26',
      }),
    );
    const summary = await card('Summary, 20/11/2026 to 26/11/2026');
    await waitFor(() =>
      expect(summaryOf(summary)).toMatchObject({
        'Current Balance': '₹0.00Settled',
        'Net Balance': '-₹1,500.00The gateway owes VEN-BETA ₹1,500.00All time',
      }),
    );
  });

  it("shows the server's message when the vendor's figures cannot be read", async () => {
    api(() => json(404, { error: { code: 'NOT_FOUND', message: 'No vendor VEN-ALPHA.' } }));
    render('TRANSACTIONS', 'vendor-board');
    expect(await screen.findByRole('alert')).toHaveTextContent('No vendor VEN-ALPHA.');
  });
});
