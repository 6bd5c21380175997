import { describe, expect, it } from 'vitest';
import { paidPayin } from './support/deposits';
import { signIn, toast } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 9: a deposit's page is named after it, leads back, links the bank credit that paid
 * it and its chargeback, and raises that chargeback from a form filled from the pay-in.
 */
const suite = productSuite();

describe("a deposit's linked records", () => {
  it('link its credit, raise its chargeback prefilled, and lead back', async () => {
    const url = suite.product.url;
    const paid = await paidPayin(url, { merchantCode: 'ACME', customerId: 'e2e-links', amount: 640 });
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, url, 'transactions');
      await page.goto(`${url}/app/deposit/all?filter=${encodeURIComponent(JSON.stringify({ utr: paid.utr }))}`);
      await page.locator('tbody tr').filter({ hasText: paid.merchantOrderId }).click();
      await page.waitForURL(`**/app/deposit/all/${paid.id}/show`);
      await expect.poll(() => page.getByTestId('page-title').innerText()).toBe(`Deposit ${paid.merchantOrderId}`);

      const links = page.getByRole('region', { name: 'Linked records' });
      await links.getByRole('link', { name: paid.utr }).click();
      await page.waitForURL((u) => u.pathname === '/app/add-data' && u.search.includes(paid.utr));
      await page.locator('tbody tr').filter({ hasText: paid.utr }).waitFor();
      await page.goBack();
      await links.getByText('None', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Raise chargeback' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel(/Merchant Order ID/).inputValue()).toBe(paid.merchantOrderId);
      expect(await dialog.getByLabel(/User ID/).inputValue()).toBe('e2e-links');
      expect(await dialog.getByLabel(/^Amount/).inputValue()).toBe('640');
      await dialog
        .getByRole('combobox', { name: /Merchant/ })
        .getByText(/ACME/)
        .waitFor();
      await dialog.getByLabel(/^Amount/).fill('640.01');
      await dialog.getByLabel(/Reason/).fill('Customer disputed with the bank');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.getByText("At most ₹640.00, the pay-in's confirmed amount").waitFor();
      await dialog.getByLabel(/^Amount/).fill('200');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await toast(page, "The chargeback is recorded; the merchant's balance pays for it.").waitFor();

      await links.getByRole('link', { name: '₹200.00 taken back' }).click();
      await page.waitForURL(/\/app\/lien\/[0-9a-f-]+\/show$/);
      await page.goBack();
      await page.getByRole('button', { name: 'Raise chargeback' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/app/deposit/all' && u.search.includes(paid.utr));
    });
  });
});
