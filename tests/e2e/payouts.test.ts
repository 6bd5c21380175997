import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { apiGet, apiSignIn } from './support/api';
import { connectMerchant, createPayin, orderId, type ConnectedMerchant } from './support/deposits';
import { startMerchantSite, type Delivery, type MerchantSite } from './support/merchant-site';
import { openFromMenu } from './support/menu';
import { signIn, storedToken, toast } from './support/pages';
import { productSuite } from './support/suite';

/**
 * One withdrawal end to end (issue 11, item 10): BOLT is funded by a deposit, its server creates a
 * pay-out through the merchant API (amount and fee held), operations gives it to VEN-ALPHA with
 * Add Vendor, VEN-ALPHA's user pays it by hand from its pay-out account with a UTR, BOLT's site
 * receives the signed payout.status, and BOLT's available balance is lower by amount plus fee.
 * The steps build on each other and run in order.
 */

// The shared product calls back to this machine: the merchant's site below listens on 127.0.0.1.
const suite = productSuite();

const DEPOSIT = 5000;
const AMOUNT = 1200;
/** 12 digits each, new on every run: the beneficiary's account (what the vendor searches by) and the UTRs. */
const ACCOUNT = String(Date.now()).slice(-12);
const DEPOSIT_UTR = String(Date.now() + 7).slice(-12);
const PAYOUT_UTR = String(Date.now() + 13).slice(-12);
const ORDER = orderId('e2e-payout');

interface Balance {
  balance: number;
  held: number;
  available: number;
}
interface CreatedPayout {
  id: string;
  status: string;
  amount: number;
  fee: number;
}

let site: MerchantSite;
let bolt: ConnectedMerchant;
let payout: CreatedPayout;
let before: Balance;

/** A call to the API as a merchant's server or a staff script makes it; the body's data, or throws. */
const call = async <T>(method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await fetch(`${suite.product.url}/v1${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
};
const asMerchant = () => ({ 'x-api-key': bolt.apiKey });

/** BOLT's pay-out callbacks go to the site too (connectMerchant sets the pay-in one). */
const sendPayoutCallbacksTo = async (url: string) => {
  const token = await apiSignIn(suite.product.url, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const merchant = await call<Record<string, unknown>>('GET', `/merchants/${bolt.id}`, auth);
  const { confirmation } = await call<{ confirmation: string }>('POST', '/confirmations', auth, {
    password: 'Demo@1234',
    action: 'merchant.callback-urls',
  });
  const fields = ['name', 'siteUrl', 'returnUrl', 'payinCallbackUrl', 'minPayin', 'maxPayin', 'payinFeePercent'];
  const more = ['minPayout', 'maxPayout', 'payoutFeePercent', 'testMode', 'disputesAllowed'];
  const update = Object.fromEntries([...fields, ...more].map((f) => [f, merchant[f]]));
  await call(
    'PUT',
    `/merchants/${bolt.id}`,
    { ...auth, 'x-confirmation': confirmation },
    {
      ...update,
      payoutCallbackUrl: url,
    },
  );
};

/** A deposit paid in full: the customer gives the UTR, operations records the bank's credit. */
const fund = async (rupees: number) => {
  const payin = await createPayin(suite.product.url, bolt.apiKey, {
    merchantOrderId: orderId('e2e-fund'),
    customerId: 'cust-e2e-fund',
    amount: rupees,
  });
  await call('POST', `/pay/${payin.id}/assign`, {}, {});
  await call('POST', `/pay/${payin.id}/utr`, {}, { utr: DEPOSIT_UTR });
  const auth = { authorization: `Bearer ${await apiSignIn(suite.product.url, 'operations')}` };
  const { bankAccountId } = await call<{ bankAccountId: string }>('GET', `/payins/${payin.id}`, auth);
  await call('POST', '/bank-entries', auth, { bankAccountId, utr: DEPOSIT_UTR, amount: rupees });
};

beforeAll(async () => {
  site = await startMerchantSite();
  bolt = await connectMerchant(suite.product.url, 'BOLT', `${site.url}/callbacks/payin`);
  await sendPayoutCallbacksTo(`${site.url}/callbacks/payout`);
  await fund(DEPOSIT);
});
afterAll(async () => {
  await site?.close();
});

/** A GET of the pay-out list whose query has these parameters. */
const isPayoutList =
  (params: Record<string, string>) =>
  (r: Response): boolean => {
    const u = new URL(r.url());
    return (
      r.request().method() === 'GET' &&
      u.pathname === '/v1/payouts' &&
      Object.entries(params).every(([name, value]) => u.searchParams.get(name) === value)
    );
  };

/** Withdrawals → In Progress from the menu, narrowed to this run's beneficiary account by its filter. */
const openInProgress = async (page: Page) => {
  const [listed] = await Promise.all([
    page.waitForResponse(isPayoutList({ status: 'INITIATED' })),
    openFromMenu(page, '/app/withdrawal/progress', 'Withdrawals'),
  ]);
  expect(listed.status()).toBe(200);
  const [filtered] = await Promise.all([
    page.waitForResponse(isPayoutList({ status: 'INITIATED', accountNumber: ACCOUNT })),
    page.getByRole('textbox', { name: 'Account Number or UPI ID', exact: true }).fill(ACCOUNT),
  ]);
  const body = (await filtered.json()) as { data: { id: string }[] };
  expect(body.data.map((p) => p.id)).toEqual([payout.id]);
  return page.locator('tbody tr').filter({ hasText: ACCOUNT });
};

const pageApi = async <T>(page: Page, path: string) => apiGet<T>(suite.product.url, (await storedToken(page))!, path);

const callbackOf = (d: Delivery) =>
  JSON.parse(d.body) as { type: string; data: { id: string; status: string; utr: string | null } };

describe('a withdrawal, from the merchant API to the callback', () => {
  it("BOLT's server creates a pay-out: its amount and fee are held", async () => {
    before = await call<Balance>('GET', '/merchant-api/balance', asMerchant());
    payout = await call<CreatedPayout>('POST', '/merchant-api/payouts', asMerchant(), {
      merchantOrderId: ORDER,
      customerId: 'cust-e2e-payout',
      amount: AMOUNT,
      beneficiary: { accountHolder: 'Asha Rao', accountNumber: ACCOUNT, ifsc: 'HDFC0001234', bankName: 'HDFC Bank' },
    });
    expect(payout).toMatchObject({ status: 'INITIATED', amount: AMOUNT });
    expect(payout.fee).toBeGreaterThan(0);
    const held = await call<Balance>('GET', '/merchant-api/balance', asMerchant());
    expect(held.available).toBeCloseTo(before.available - AMOUNT - payout.fee, 2);
  });

  it('operations gives it to VEN-ALPHA with Add Vendor', () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'operations');
      const row = await openInProgress(page);
      await row.getByText('Asha Rao', { exact: true }).waitFor();
      await row.getByRole('checkbox', { name: `Select ${ORDER}` }).check();
      await page.getByRole('toolbar', { name: 'Selected pay-outs' }).getByText('1 item selected').waitFor();
      await page.getByRole('button', { name: 'Add Vendor', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: /^Vendor/ }).click();
      await page.getByRole('option', { name: /^VEN-ALPHA/ }).click();
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await toast(page, '1 pay-out given to VEN-ALPHA.').waitFor();
      await row.getByRole('cell', { name: 'VEN-ALPHA', exact: true }).waitFor();
      const { data } = await pageApi<{ data: { vendorCode: string; status: string } }>(page, `/payouts/${payout.id}`);
      expect(data).toMatchObject({ vendorCode: 'VEN-ALPHA', status: 'INITIATED' });
    }));

  it("VEN-ALPHA's user pays it by hand from its pay-out account, with the UTR", () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'vendor');
      const row = await openInProgress(page);
      // A vendor sees no merchant order id: the pay-out is named by the start of its id.
      await row.getByRole('button', { name: `Approve ${payout.id.slice(0, 8)}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('radio', { name: 'Manual' }).isChecked()).toBe(true);
      // Every approve dialog names who is paid.
      await dialog.getByText(`Asha Rao · A/c ${ACCOUNT} · HDFC0001234 · HDFC Bank`, { exact: true }).waitFor();
      await dialog.getByRole('combobox', { name: /^Select Bank/ }).click();
      await page.getByRole('option', { name: /^ALPHA-SBI-PAYOUT/ }).click();
      await dialog.getByRole('textbox', { name: /^UTR Number/ }).fill(PAYOUT_UTR);
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await toast(page, `Pay-out ${payout.id.slice(0, 8)} is now Success.`).waitFor();
      await row.waitFor({ state: 'detached' });
      const { data } = await pageApi<{ data: Record<string, unknown> }>(page, `/payouts/${payout.id}`);
      expect(data).toMatchObject({
        status: 'SUCCESS',
        utr: PAYOUT_UTR,
        method: 'manual',
        bankNickname: 'ALPHA-SBI-PAYOUT',
        vendorCode: 'VEN-ALPHA',
      });
      expect(data).not.toHaveProperty('merchantOrderId');
    }));

  it("BOLT's site receives payout.status SUCCESS, signed with BOLT's secret", async () => {
    const successOf = () =>
      site.deliveries.filter((d) => {
        const { type, data } = callbackOf(d);
        return type === 'payout.status' && data.id === payout.id && data.status === 'SUCCESS';
      });
    await expect.poll(() => successOf().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivery] = successOf();
    expect(delivery.path).toBe('/callbacks/payout');
    expect(new Webhook(bolt.signingSecret).verify(delivery.body, delivery.headers)).toMatchObject({
      type: 'payout.status',
      data: { id: payout.id, merchantOrderId: ORDER, status: 'SUCCESS', amount: AMOUNT, utr: PAYOUT_UTR },
    });
    const tampered = delivery.body.replace('"SUCCESS"', '"REJECTED"');
    expect(() => new Webhook(bolt.signingSecret).verify(tampered, delivery.headers)).toThrow();
  });

  it("BOLT's available balance is lower by the amount and the fee, and nothing stays held for it", async () => {
    const after = await call<Balance>('GET', '/merchant-api/balance', asMerchant());
    expect(after.available).toBeCloseTo(before.available - AMOUNT - payout.fee, 2);
    expect(after.balance).toBeCloseTo(before.balance - AMOUNT - payout.fee, 2);
    expect(after.held).toBeCloseTo(before.held, 2);
    const status = await call<{ status: string; utr: string }>('GET', `/merchant-api/payouts/${ORDER}`, asMerchant());
    expect(status).toMatchObject({ status: 'SUCCESS', utr: PAYOUT_UTR });
  });
});
