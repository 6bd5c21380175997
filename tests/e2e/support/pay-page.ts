import type { Locator, Page } from 'playwright-core';

/** The customer's pay page at /pay/{id}, as a customer reads it: headings, labels and buttons. */
export const payPage = (page: Page) => ({
  heading: (name: string | RegExp) => page.getByRole('heading', { level: 1, name }),
  amount: page.getByLabel('Amount to pay'),
  proceed: page.getByRole('button', { name: 'Proceed to pay', exact: true }),
  /** The 5-character code to write in the payment's note, beside its copy button. */
  shortCode: page.getByRole('button', { name: 'Copy payment code', exact: true }).locator('xpath=..').locator('p'),
  qr: page.getByRole('img', { name: /^UPI QR code to pay / }),
  utr: page.getByLabel('UTR', { exact: true }),
  submitUtr: page.getByRole('button', { name: 'Submit UTR', exact: true }),
});

/** Whether an image has loaded and has pixels (the QR is drawn as a data: URL). */
export const imageDrawn = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** Opens a pay page and waits until its first step has drawn (the amount step of an INITIATED pay-in). */
export const openPayPage = async (page: Page, url: string) => {
  await page.goto(url);
  await payPage(page).proceed.waitFor();
};
