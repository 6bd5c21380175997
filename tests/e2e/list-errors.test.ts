import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 6: a failed load is an error, not "nothing here". A 503 on the deposit list shows
 * an inline error panel with Retry and no count; the error toast is shown once, stays until
 * dismissed, and leaves the user's controls uncovered; rows are skeletons while a load is slow.
 */
const suite = productSuite();

const isPayinList = (url: URL) => url.pathname === '/v1/payins';

/** Answers the deposit list with 503 until `open()` is called; the other calls pass. */
const failingList = async (page: Page) => {
  let failing = true;
  await page.route(isPayinList, (route: Route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The database is not answering.' } }),
        })
      : route.continue(),
  );
  return { open: () => (failing = false) };
};

describe('a list that fails to load', () => {
  it('shows an error panel with Retry, one lasting toast clear of the user controls, then the rows', () =>
    suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'operations');
      const list = await failingList(page);
      await page.goto(`${suite.product.url}/app/deposit/all`);
      const panel = page.getByRole('alert').filter({ hasText: 'This list could not be loaded.' });
      await panel.waitFor();
      expect(await page.getByText(/^No deposit/).count()).toBe(0);
      expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);

      const toasts = page.getByRole('status').getByText('The database is not answering.');
      await toasts.first().waitFor();
      expect(await toasts.count()).toBe(1);
      const toast = await page.getByRole('status').locator('.MuiAlert-root').first().boundingBox();
      const logout = await page.getByRole('button', { name: /log ?out/i }).boundingBox();
      const overlaps =
        toast!.x < logout!.x + logout!.width &&
        logout!.x < toast!.x + toast!.width &&
        toast!.y < logout!.y + logout!.height &&
        logout!.y < toast!.y + toast!.height;
      expect(overlaps).toBe(false);

      list.open();
      await panel.getByRole('button', { name: 'Retry' }).click();
      await page.locator('#main-content tbody tr').first().waitFor();
      await panel.waitFor({ state: 'detached' });
      // The error toast is still there until the user dismisses it.
      expect(await toasts.count()).toBe(1);
      await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).first().click();
      await toasts.first().waitFor({ state: 'detached' });
    }));

  it('shows skeleton rows while a slow load is on its way', () =>
    suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'operations');
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(isPayinList, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${suite.product.url}/app/deposit/all`);
      // Skeleton rows: rows drawn with blank placeholders, no text, while the answer is held.
      const blankRows = () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('#main-content tbody tr')].filter(
              (tr) => (tr.textContent ?? '').trim() === '',
            ).length,
        );
      await expect.poll(blankRows, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
      release();
      await page.locator('#main-content tbody tr').filter({ hasText: /₹/ }).first().waitFor();
      expect(await blankRows()).toBe(0);
    }));
});
