import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { apiGet } from './support/api';
import {
  SHOT_WIDTH,
  connectMerchant,
  createPayin,
  orderId,
  screenshotSent,
  type ConnectedMerchant,
  type CreatedPayin,
} from './support/deposits';
import { RETURN_PAGE_TITLE, startMerchantSite, type Delivery, type MerchantSite } from './support/merchant-site';
import { openFromMenu } from './support/menu';
import { closePage, signIn, storedToken, toast } from './support/pages';
import { imageDrawn, payPage } from './support/pay-page';
import { productSuite } from './support/suite';

/**
 * One deposit end to end (issue 10, item 10): BOLT's server creates a pay-in without an amount,
 * its customer pays on the pay page and gives the UTR, operations records the bank's credit in Add
 * data, the pay-in completes, BOLT's site receives the signed callback, and only BOLT's users see
 * the pay-in. The steps build on each other and run in order; the customer's page stays open.
 */

// The shared product calls back to this machine: the merchant's site below listens on 127.0.0.1.
const suite = productSuite();

const ORDER = orderId('e2e-deposit');
const AMOUNT = 1250;
const AMOUNT_SHOWN = '₹1,250.00';
/** 12 digits, new on every run. */
const UTR = String(Date.now()).slice(-12);

let site: MerchantSite;
let bolt: ConnectedMerchant;
let payin: CreatedPayin;
let customer: Page;
let shortCode: string;

beforeAll(async () => {
  site = await startMerchantSite();
  bolt = await connectMerchant(suite.product.url, 'BOLT', `${site.url}/callbacks/payin`);
  customer = await suite.openPage();
});
afterAll(async () => {
  if (customer) await closePage(customer);
  await site?.close();
});

/** The page's own token: signing in again through the API would end the page's session. */
const pageApi = async <T>(page: Page, path: string) => apiGet<T>(suite.product.url, (await storedToken(page))!, path);

/** A GET of the pay-in list whose query has these parameters. */
const isPayinList =
  (params: Record<string, string>) =>
  (r: Response): boolean => {
    const u = new URL(r.url());
    return (
      r.request().method() === 'GET' &&
      u.pathname === '/v1/payins' &&
      Object.entries(params).every(([name, value]) => u.searchParams.get(name) === value)
    );
  };

/**
 * Deposit → Completed from the menu, once its list has asked for its rows: the screen left behind
 * (Add data has a UTR field too) is gone by then.
 */
const openCompleted = async (page: Page) => {
  const [listed] = await Promise.all([
    page.waitForResponse(isPayinList({ status: 'SUCCESS' })),
    openFromMenu(page, '/app/deposit/completed', 'Deposit'),
  ]);
  expect(listed.status()).toBe(200);
};

/** The Completed list filtered by UTR (typed into its filter): the API's answer, once the list has asked. */
const completedWithUtr = async (page: Page, utr: string) => {
  const [response] = await Promise.all([
    page.waitForResponse(isPayinList({ status: 'SUCCESS', utr })),
    page.getByRole('textbox', { name: 'UTR', exact: true }).fill(utr),
  ]);
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: { id: string; status: string }[]; total: number };
};

const rowOf = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

const callbackOf = (d: Delivery) => JSON.parse(d.body) as { type: string; data: { id: string; status: string } };

describe('a deposit, from the merchant API to the callback', () => {
  it('BOLT creates a pay-in without an amount with its API key', async () => {
    payin = await createPayin(suite.product.url, bolt.apiKey, {
      merchantOrderId: ORDER,
      customerId: 'cust-e2e-1',
      returnUrl: `${site.url}/return`,
    });
    expect(payin).toMatchObject({ merchantOrderId: ORDER, status: 'INITIATED', amount: null });
    // Without PUBLIC_URL the link is made from the address the request came to.
    expect(payin.payUrl).toBe(`${suite.product.url}/pay/${payin.id}`);
  });

  it('the customer enters the amount, sees the code and the QR, and gives the UTR', async () => {
    const pay = payPage(customer);
    await customer.goto(payin.payUrl);
    await pay.heading('Pay Bolt Games').waitFor();
    await pay.amount.fill(String(AMOUNT));
    await pay.proceed.click();

    await pay.shortCode.waitFor();
    shortCode = (await pay.shortCode.innerText()).trim();
    expect(shortCode).toMatch(/^[A-Z0-9]{5}$/);
    await pay.qr.waitFor();
    await expect.poll(() => imageDrawn(pay.qr), { timeout: 10_000 }).toBe(true);
    expect(await pay.qr.getAttribute('alt')).toContain(AMOUNT_SHOWN);
    await customer.getByText(AMOUNT_SHOWN, { exact: true }).first().waitFor();

    await pay.utr.fill(UTR);
    await pay.submitUtr.click();
    await pay.heading('Waiting for the bank to confirm').waitFor();
  });

  it('operations records the credit in Add data: it pays the pay-in, shown under Deposit → Completed', () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'operations');
      const { data: before } = await pageApi<{ data: Record<string, unknown> }>(page, `/payins/${payin.id}`);
      expect(before).toMatchObject({ status: 'PENDING', submittedUtr: UTR, shortCode, amount: AMOUNT });
      const bank = String(before.bankNickname);

      await openFromMenu(page, '/app/add-data');
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add', exact: true }) });
      await form.getByRole('combobox', { name: /^Bank/ }).click();
      await page.getByRole('option', { name: bank, exact: true }).click();
      await form.getByLabel(/^Amount(\s*\*)?$/).fill(String(AMOUNT));
      await form.getByLabel(/^UTR(\s*\*)?$/).fill(UTR);
      // The customer's page, still open, learns it by itself, shows it for a few seconds and then
      // takes the customer back to the shop: it is watched from before the credit is recorded.
      const received = customer
        .getByRole('main')
        .filter({ has: payPage(customer).heading('Payment received') })
        .filter({ hasText: AMOUNT_SHOWN })
        .waitFor({ timeout: 30_000 });
      received.catch(() => undefined);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await toast(page, `Entry recorded: it paid pay-in ${ORDER}, now Success.`).waitFor();

      await received;
      await customer.waitForURL(`${site.url}/return?merchantOrderId=${encodeURIComponent(ORDER)}&status=SUCCESS`);
      await customer.getByRole('heading', { name: RETURN_PAGE_TITLE }).waitFor();

      await openCompleted(page);
      const listed = await completedWithUtr(page, UTR);
      expect(listed.data.map((p) => [p.id, p.status])).toEqual([[payin.id, 'SUCCESS']]);
      const row = rowOf(page, ORDER);
      await row.getByText('Success', { exact: true }).waitFor();
      await row.getByText(bank, { exact: true }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
    }));

  it("BOLT's site receives the SUCCESS callback, signed with BOLT's secret", async () => {
    const successOf = () =>
      site.deliveries.filter((d) => {
        const { data } = callbackOf(d);
        return data.id === payin.id && data.status === 'SUCCESS';
      });
    await expect.poll(() => successOf().length, { timeout: 30_000 }).toBeGreaterThan(0);

    const [delivery] = successOf();
    expect(delivery.path).toBe('/callbacks/payin');
    const verified = new Webhook(bolt.signingSecret).verify(delivery.body, delivery.headers);
    expect(verified).toMatchObject({
      type: 'payin.status',
      data: {
        id: payin.id,
        merchantOrderId: ORDER,
        status: 'SUCCESS',
        amount: AMOUNT,
        confirmedAmount: AMOUNT,
        utr: UTR,
      },
    });
    // The signature is over these very bytes, with this very secret.
    const tampered = delivery.body.replace('"SUCCESS"', '"DROPPED"');
    expect(() => new Webhook(bolt.signingSecret).verify(tampered, delivery.headers)).toThrow();
    const otherSecret = `whsec_${Buffer.from('another merchant secret, 32 bytes').toString('base64')}`;
    expect(() => new Webhook(otherSecret).verify(delivery.body, delivery.headers)).toThrow();
    // Every callback of this pay-in was signed the same way.
    for (const d of site.deliveries.filter((x) => callbackOf(x).data.id === payin.id))
      expect(() => new Webhook(bolt.signingSecret).verify(d.body, d.headers)).not.toThrow();
  });

  it.each([
    ['merchant', 'BOLT', 1],
    ['merchant-admin', 'ACME', 0],
  ] as const)('%s (a user of %s) finds it %i time(s) in its deposits', (user, _merchant, found) =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, user);
      await openCompleted(page);
      const listed = await completedWithUtr(page, UTR);
      expect(listed.total).toBe(found);
      expect(listed.data.map((p) => p.id)).toEqual(found ? [payin.id] : []);
      if (found) await rowOf(page, ORDER).getByText('Success', { exact: true }).waitFor();
      else await page.getByText('No deposit matches these filters', { exact: true }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(found);
      // Its merchant order id finds it the same way, through the API the screens use.
      const byOrder = await pageApi<{ total: number }>(page, `/payins?merchantOrderId=${ORDER}`);
      expect(byOrder.total).toBe(found);
    }),
  );
});

describe('a customer screenshot (IMG_PENDING)', () => {
  it('shows the image itself to operations, decoded, with the UTR field', () =>
    suite.withPage(async (page) => {
      const shot = await createPayin(suite.product.url, bolt.apiKey, {
        merchantOrderId: orderId('e2e-shot'),
        customerId: 'e2e-shot-customer',
        amount: '300.00',
      });
      const code = await screenshotSent(suite.product.url, shot.id);

      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'operations');
      await openFromMenu(page, '/app/deposit/progress', 'Deposit');
      // Operations sees the code and finds the pay-in by it, typed as the customer reads it out.
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await page.locator('tbody tr').getByRole('cell', { name: code, exact: true }).waitFor();
      await page.getByRole('button', { name: `View screenshot ${code}` }).click();
      const dialog = page.getByRole('dialog');
      const image = dialog.getByRole('img');
      await image.waitFor();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
        .toBe(SHOT_WIDTH);
      // Beside the Enter UTR form at 1440 px: the image's pane ends before the field begins.
      const field = dialog.getByLabel('Add UTR here');
      const pane = dialog.getByTestId('screenshot-pane');
      const [paneBox, fieldBox] = [await pane.boundingBox(), await field.boundingBox()];
      expect(paneBox!.x + paneBox!.width).toBeLessThanOrEqual(fieldBox!.x);
      expect(fieldBox!.y).toBeLessThan(paneBox!.y + paneBox!.height);
      // Zoomable: each step enlarges the drawn image, and the pane scrolls to show it.
      const drawn = () => image.evaluate((img) => img.getBoundingClientRect().width);
      const fitted = await drawn();
      await dialog.getByRole('button', { name: 'Zoom in' }).click();
      await dialog.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(drawn).toBe(fitted * 2);
      await dialog.getByText('200 %').waitFor();
      await dialog.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(drawn).toBe(fitted * 1.5);
      await field.fill('123456789012');
      await dialog.getByRole('button', { name: 'Submit UTR' }).click();
      await dialog.waitFor({ state: 'detached' });
    }));
});
