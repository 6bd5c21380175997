import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/api';
import { paymentLink, screenshotSent } from './support/deposits';
import { signIn } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 4: the Dashboard's "needs attention" panel and the header's count. A customer's
 * screenshot arriving while operations looks at the Dashboard raises both at once, without a
 * reload (a live event); the item opens the deposit list filtered to exactly what it counted.
 */
const suite = productSuite();

/** A pay-in of ACME's whose customer sent a screenshot: IMG_PENDING, waiting for staff. */
const screenshotArrives = async () => {
  const admin = await apiSignIn(suite.product.url, 'admin');
  const link = await paymentLink(suite.product.url, admin, {
    merchantCode: 'ACME',
    customerId: 'e2e-attention',
    amount: 450,
  });
  await screenshotSent(suite.product.url, link.id);
};

const countIn = (text: string | null) => Number(/(\d+)/.exec(text ?? '')?.[1] ?? NaN);

describe('needs attention', () => {
  it('counts live on the Dashboard and in the header, and opens the list of what it counted', () =>
    suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'operations');
      const panel = page.getByRole('region', { name: 'Needs attention' });
      const item = panel.getByRole('link', { name: /^Screenshots to read/ });
      await item.waitFor();
      const bell = page.getByRole('button', { name: /^Needs attention: \d+ items?$/ });
      const before = { item: countIn(await item.textContent()), bell: countIn(await bell.getAttribute('aria-label')) };
      expect(before.bell).toBeGreaterThanOrEqual(before.item);

      await screenshotArrives();
      await expect.poll(async () => countIn(await item.textContent()), { timeout: 15_000 }).toBe(before.item + 1);
      await expect
        .poll(async () => countIn(await bell.getAttribute('aria-label')), { timeout: 15_000 })
        .toBe(before.bell + 1);

      const [listed] = await Promise.all([
        page.waitForResponse((r) => {
          const u = new URL(r.url());
          return u.pathname === '/v1/payins' && u.searchParams.get('status') === 'IMG_PENDING';
        }),
        item.click(),
      ]);
      await page.waitForURL('**/app/deposit/all?**');
      const body = (await listed.json()) as { total: number; data: { status: string }[] };
      expect(body.total).toBe(before.item + 1);
      expect(body.data.every((p) => p.status === 'IMG_PENDING')).toBe(true);
    }));
});
