import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/api';
import { paymentLink } from './support/deposits';
import { signIn } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 8: the top bar's search. '/' focuses it, a pay-in's short code finds it (typed in
 * lower case), its result opens the deposit; '?' shows the keyboard shortcuts; the first Tab
 * reaches a skip-to-content link.
 */
const suite = productSuite();

describe('global search', () => {
  it('finds a deposit by its code from anywhere and opens it', async () => {
    const admin = await apiSignIn(suite.product.url, 'admin');
    const link = await paymentLink(suite.product.url, admin, {
      merchantCode: 'ACME',
      customerId: 'e2e-search',
      amount: 321,
    });
    const assigned = await fetch(`${suite.product.url}/v1/pay/${link.id}/assign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const code = ((await assigned.json()) as { data: { shortCode: string } }).data.shortCode;

    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'operations');
      await page.getByTestId('page-title').click();
      await page.keyboard.press('/');
      const box = page.getByRole('textbox', { name: 'Search' });
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.fill(code.toLowerCase());
      await box.press('Enter');
      const results = page.getByRole('region', { name: 'Search results' });
      await results.getByRole('button', { name: new RegExp(`^Deposit: ${code}`) }).click();
      await page.waitForURL(`**/app/deposit/all/${link.id}/show`);

      await page.getByTestId('page-title').click();
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`${suite.product.url}/app/dashboard`);
      await page.getByRole('region', { name: 'Needs attention' }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });
});
