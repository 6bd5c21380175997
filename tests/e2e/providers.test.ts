import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, apiSignIn } from './support/api';
import { connectMerchant, createPayin, orderId, type ConnectedMerchant, type CreatedPayin } from './support/deposits';
import { startMerchantSite, type MerchantSite } from './support/merchant-site';
import { openFromMenu } from './support/menu';
import { closePage, signIn } from './support/pages';
import { payPage } from './support/pay-page';
import { productSuite } from './support/suite';
import { cashfreeEvent, signedCashfree } from '../support/provider-signing';
import { startProviderStandIn } from '../support/provider-stand-in';

/**
 * A pay-in paid through CashFree (issue 14, item 6): the customer chooses "Pay with UPI app" on the
 * pay page, the product creates CashFree's order at a local stand-in that checks the request as
 * CashFree documents it, the page hands the customer to CashFree's checkout (its script answered
 * here by a stand-in that records what it is given: no request leaves this machine), CashFree's
 * signed webhook says the payment succeeded, the page shows it and staff see the pay-in as
 * CashFree's.
 */
const stand = await startProviderStandIn();
// A product of its own: its CashFree API is this file's stand-in.
const suite = productSuite({
  env: {
    ALLOW_PRIVATE_CALLBACK_URLS: '1',
    CASHFREE_CLIENT_ID: stand.cashfree.clientId,
    CASHFREE_CLIENT_SECRET: stand.cashfree.clientSecret,
    CASHFREE_API_BASE: `${stand.url}/sandbox`,
  },
});

const ORDER = orderId('e2e-cashfree');
const AMOUNT = 1250;
const AMOUNT_SHOWN = '₹1,250.00';

/** CashFree's checkout script as the page loads it, standing in: it records the hand-over and closes. */
const CHECKOUT_STAND_IN = `window.Cashfree = (init) => ({
  checkout: (options) => {
    window.cashfreeHandOver = { mode: init.mode, ...options };
    return Promise.resolve({});
  },
});`;

let site: MerchantSite;
let bolt: ConnectedMerchant;
let payin: CreatedPayin;
let customer: Page;

beforeAll(async () => {
  site = await startMerchantSite();
  bolt = await connectMerchant(suite.product.url, 'BOLT', `${site.url}/callbacks/payin`);
  customer = await suite.openPage();
  await customer.route('https://sdk.cashfree.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: CHECKOUT_STAND_IN }),
  );
});
afterAll(async () => {
  if (customer) await closePage(customer);
  await site?.close();
  await stand.close();
});

describe('a pay-in paid through CashFree', () => {
  it('the customer pays with a UPI app through CashFree, and the signed webhook completes it', async () => {
    payin = await createPayin(suite.product.url, bolt.apiKey, {
      merchantOrderId: ORDER,
      customerId: 'cust-e2e-cashfree',
      amount: AMOUNT,
    });
    const pay = payPage(customer);
    await customer.goto(payin.payUrl);
    await pay.heading('Pay Bolt Games').waitFor();
    await pay.proceed.click();
    await customer.getByRole('tab', { name: 'Pay with UPI app' }).click();
    await customer.getByRole('button', { name: 'Pay with CashFree' }).click();

    // CashFree's order was made for this pay-in, as CashFree documents it, and handed to its checkout.
    await expect.poll(() => customer.evaluate(() => (window as any).cashfreeHandOver ?? null)).not.toBeNull();
    expect(stand.violations).toEqual([]);
    const [order] = stand.orders.filter((o) => o.provider === 'cashfree' && o.request.order_id === payin.id);
    expect(order.request).toMatchObject({ order_id: payin.id, order_amount: AMOUNT, order_currency: 'INR' });
    expect(await customer.evaluate(() => (window as any).cashfreeHandOver)).toEqual({
      mode: 'sandbox',
      paymentSessionId: order.answer.payment_session_id,
      redirectTarget: '_modal',
    });

    // CashFree tells the gateway, signed with the client secret; the customer's page learns it by itself.
    const received = customer
      .getByRole('main')
      .filter({ has: pay.heading('Payment received') })
      .filter({ hasText: AMOUNT_SHOWN })
      .waitFor({ timeout: 30_000 });
    received.catch(() => undefined);
    const event = signedCashfree(
      cashfreeEvent('SUCCESS', {
        orderId: payin.id,
        paymentId: '5114917039291',
        amount: '1250.00',
        utr: '412345678901',
      }),
      { secret: stand.cashfree.clientSecret },
    );
    const res = await fetch(`${suite.product.url}/v1/webhooks/cashfree`, {
      method: 'POST',
      headers: event.headers,
      body: event.body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { outcome: 'applied' } });
    await received;
  });

  it('staff see it Success with source CashFree and the provider payment id', () =>
    suite.withPage(async (page) => {
      const token = await apiSignIn(suite.product.url, 'operations');
      const { data } = await apiGet<{ data: Record<string, unknown> }>(suite.product.url, token, `/payins/${payin.id}`);
      expect(data).toMatchObject({
        status: 'SUCCESS',
        source: 'CashFree',
        providerPaymentId: '5114917039291',
        utr: '412345678901',
        confirmedAmount: AMOUNT,
      });
      await signIn(page, suite.product.url, 'operations');
      await openFromMenu(page, '/app/deposit/completed', 'Deposit');
      const row = page.locator('tbody tr').filter({ hasText: ORDER });
      await row.getByText('Success', { exact: true }).waitFor();
      await row.getByText('CashFree', { exact: true }).waitFor();
    }));
});
