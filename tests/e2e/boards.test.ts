import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatRupees } from '../../domain/format';
import { apiGet, apiSignIn } from './support/api';
import { pathOf, signIn } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 13, item 8: the Dashboard as admin, where a date preset changes the figures, and the Vendor
 * Board as the vendor user; both say what the API answers for the same period. The demo has ninety
 * days of history, all but the open records before today.
 */
const suite = productSuite();

const istDay = (shiftDays = 0) => new Date(Date.now() + 19_800_000 + shiftDays * 86_400_000).toISOString().slice(0, 10);

/** The big figure of a card (a section named by its title). */
const figure = async (page: Page, title: string) => {
  const card = page.getByRole('region', { name: title, exact: true });
  await card.waitFor();
  return (await card.locator('p').first().textContent())?.trim();
};

const choosePreset = async (page: Page, preset: string) => {
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: preset, exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
};

describe('the Dashboard', () => {
  it('shows the figures of the period chosen, as the API sums them', () =>
    suite.withPage(async (page) => {
      const token = await apiSignIn(suite.product.url, 'admin');
      const today = (
        await apiGet<{ data: { deposit: { amount: number } } }>(
          suite.product.url,
          token,
          `/dashboard?from=${istDay()}&to=${istDay()}`,
        )
      ).data;
      const month = (
        await apiGet<{ data: { deposit: { amount: number }; netBalance: number } }>(
          suite.product.url,
          token,
          `/dashboard?from=${istDay(-29)}&to=${istDay()}`,
        )
      ).data;
      expect(month.deposit.amount).toBeGreaterThan(today.deposit.amount);

      await signIn(page, suite.product.url, 'admin');
      expect(pathOf(page)).toBe('/app/dashboard');
      await expect.poll(() => figure(page, 'Deposit')).toBe(formatRupees(today.deposit.amount));
      await choosePreset(page, 'Last 30 days');
      await expect.poll(() => figure(page, 'Deposit')).toBe(formatRupees(month.deposit.amount));
      await expect
        .poll(async () => (await page.getByRole('region', { name: /^Summary/ }).textContent()) ?? '')
        .toContain(formatRupees(month.netBalance));
      await page
        .getByRole('figure', { name: /Deposit/ })
        .first()
        .waitFor();
    }));
});

describe('the Vendor Board', () => {
  it("shows the vendor user its own vendor's money and who owes whom", () =>
    suite.withPage(async (page) => {
      const token = await apiSignIn(suite.product.url, 'vendor');
      const board = (
        await apiGet<{ data: { netBalance: number; collected: { amount: number } } }>(
          suite.product.url,
          token,
          `/vendor-board?from=${istDay(-29)}&to=${istDay()}`,
        )
      ).data;
      expect(board.collected.amount).toBeGreaterThan(0);

      await signIn(page, suite.product.url, 'vendor');
      expect(pathOf(page)).toBe('/app/vendor-board');
      await choosePreset(page, 'Last 30 days');
      await expect.poll(() => figure(page, 'Collected')).toBe(formatRupees(board.collected.amount));
      const summary = page.getByRole('region', { name: /^Summary/ });
      await expect
        .poll(async () => (await summary.textContent()) ?? '')
        .toContain(formatRupees(Math.abs(board.netBalance)));
      expect(await summary.textContent()).toMatch(board.netBalance > 0 ? /owes the gateway/ : /gateway owes|Settled/);
      // A vendor user cannot choose another vendor.
      expect(await page.getByRole('combobox', { name: 'Vendor Code' }).count()).toBe(0);
    }));
});

describe('a report', () => {
  it('downloads as CSV the rows the screen shows', () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await page.goto(`${suite.product.url}/app/payin`);
      await page.getByLabel('From (IST)').fill(istDay(-6));
      await page.getByLabel('To (IST)').fill(istDay());
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
      );
      expect(shown.length).toBeGreaterThan(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV', exact: true }).click(),
      ]);
      const csv = await new Promise<string>((resolve, reject) => {
        void download.createReadStream().then((stream) => {
          let text = '';
          stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          stream.on('end', () => resolve(text));
          stream.on('error', reject);
        }, reject);
      });
      const lines = csv.trim().split('\n');
      expect(lines[0]).toBe(
        'ID,Short Code,Fee,Requested Amount,UTR,Received Amount,Status,Bank,Merchant,Customer,Merchant Order Id,Initiated At (IST),Confirmed At (IST)',
      );
      // The screen shows no UUID (its rows open the deposit); the file keeps the ID first.
      const byOrder = new Map(lines.slice(1).map((line) => [line.split(',')[10], line.split(',')]));
      // Every row on the screen is in the file, with the same short code, bank, merchant and order id.
      for (const cells of shown) {
        const row = byOrder.get(cells[9]);
        expect(row, `order ${cells[9]} in the CSV`).toBeDefined();
        expect([row![1], row![7], row![8], row![10]]).toEqual([cells[0], cells[6], cells[7], cells[9]]);
      }
      const first = byOrder.get(shown[0][9])!;
      await rows.first().click();
      await page.waitForURL(`**/app/deposit/all/${first[0]}/show`);
    }));
});
