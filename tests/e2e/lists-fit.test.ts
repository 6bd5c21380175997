import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canUseScreen, type Screen } from '../../domain/access';
import { apiSignIn, forgetPreferences } from './support/api';
import { paidPayin, paymentLink } from './support/deposits';
import { signIn } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 5: the lists operations work in fit a 1440×900 screen with their default columns,
 * nothing cut and no sideways scroll, the row's actions first.
 */
const suite = productSuite();
// The column chooser's choice is kept for the user (item 10): later files see the defaults.
afterAll(() => forgetPreferences(suite.product.url, 'admin'));

const LISTS = [
  'deposit/progress',
  'deposit/completed',
  'deposit/all',
  'withdrawal/progress',
  'withdrawal/all',
  'add-data',
  'merchant',
  'bank-accounts',
] as const satisfies readonly Screen[];

/** How the list's table sits in the page: its width, the room it has, and the page's own width. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('#main-content table') as HTMLElement;
    const holder = table.parentElement as HTMLElement;
    return {
      table: Math.round(table.getBoundingClientRect().width),
      room: holder.clientWidth,
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      headers: [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()),
      widths: [...table.querySelectorAll('thead th')].map(
        (th) => `${(th.textContent ?? '').trim()}=${Math.round(th.getBoundingClientRect().width)}`,
      ),
    };
  });

describe('lists at 1440×900', () => {
  // The newest pay-in has the longest order id the product makes: a payment link's, link-<uuid>.
  beforeAll(async () => {
    const admin = await apiSignIn(suite.product.url, 'admin');
    await paymentLink(suite.product.url, admin, { merchantCode: 'ACME', customerId: 'e2e-fit', amount: 100 });
    // And the newest bank credit paid such a pay-in: Add data's Pay-in column shows that order id.
    await paidPayin(suite.product.url, { merchantCode: 'ACME', customerId: 'e2e-fit', amount: 101 });
  });

  it.each(['ADMIN', 'OPERATIONS', 'TRANSACTIONS'] as const)('fit for %s, the actions first', (role) =>
    suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, role.toLowerCase());
      const report: string[] = [];
      for (const screen of LISTS.filter((l) => canUseScreen(role, l))) {
        const path = `/app/${screen}`;
        await page.goto(`${suite.product.url}${path}`);
        await page.locator('#main-content tbody tr').first().waitFor();
        const m = await measure(page);
        if (m.table > m.room || m.page > m.viewport)
          report.push(`${path}: table ${m.table} in ${m.room}, page ${m.page} (${m.widths.join(', ')})`);
        if (m.headers.includes('Action') && !m.headers.slice(0, 3).includes('Action'))
          report.push(`${path}: Action is column ${m.headers.indexOf('Action') + 1}`);
      }
      expect(report).toEqual([]);
    }),
  );
});

describe('the column chooser', () => {
  it('shows a hidden column on request', () =>
    suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'admin');
      await page.goto(`${suite.product.url}/app/deposit/all`);
      await page.locator('#main-content tbody tr').first().waitFor();
      const headers = page.locator('#main-content thead th');
      expect(await headers.allInnerTexts()).not.toContain('Customer ID');
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('switch', { name: 'Customer ID' }).or(page.getByLabel('Customer ID')).first().check();
      await page.keyboard.press('Escape');
      await expect.poll(() => headers.allInnerTexts()).toContain('Customer ID');
    }));
});
