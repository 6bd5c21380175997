import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn } from './support/api';
import { createPayin, freshApiKey, orderId } from './support/deposits';
import { openFromMenu } from './support/menu';
import { DEMO_PASSWORD, closePage, signIn, toast } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 12, item 7: staff record a chargeback and a settlement for BOLT, and BOLT's merchant user
 * sees its balance drop by both. BOLT is paid a deposit first (its order id and customer are what
 * the chargeback names). The steps build on each other and run in order.
 */
const suite = productSuite();

const DEPOSIT = 3000;
const CHARGEBACK = 400.5;
const SETTLEMENT = 1250;
const ORDER = orderId('e2e-lien');
const CUSTOMER = 'cust-e2e-lien';
const UTR = String(Date.now() + 29).slice(-12);

let merchantPage: Page;
let before: number;

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

/** BOLT's line on the Settlements screen's Balances card: its balance in rupees, as shown. */
const shownBalance = async (page: Page) => {
  const line = page.getByRole('region', { name: 'Balances' }).getByTestId('settlement-balance-BOLT');
  await line.waitFor();
  const text = (await line.textContent()) ?? '';
  const match = /Balance ₹([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no balance in "${text}"`);
  return Number(match[1].replace(/,/g, ''));
};

beforeAll(async () => {
  const payin = await createPayin(suite.product.url, await freshApiKey(suite.product.url, 'BOLT'), {
    merchantOrderId: ORDER,
    customerId: CUSTOMER,
    amount: DEPOSIT,
  });
  await call('POST', `/pay/${payin.id}/assign`, {}, {});
  await call('POST', `/pay/${payin.id}/utr`, {}, { utr: UTR });
  const auth = { authorization: `Bearer ${await apiSignIn(suite.product.url, 'operations')}` };
  const { bankAccountId } = await call<{ bankAccountId: string }>('GET', `/payins/${payin.id}`, auth);
  const added = await call<{ matched: { status: string } }>('POST', '/bank-entries', auth, {
    bankAccountId,
    utr: UTR,
    amount: DEPOSIT,
  });
  expect(added.matched.status).toBe('SUCCESS');
  merchantPage = await suite.openPage();
  await signIn(merchantPage, suite.product.url, 'merchant');
});
afterAll(async () => {
  if (merchantPage) await closePage(merchantPage);
});

describe('a chargeback and a settlement for BOLT', () => {
  it("BOLT's merchant user sees its balance on Settlements", async () => {
    await openFromMenu(merchantPage, '/app/settlements', 'Settlements');
    before = await shownBalance(merchantPage);
    expect(before).toBeGreaterThanOrEqual(DEPOSIT);
  });

  it('staff record a chargeback of the deposit on ChargeBack', () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'transactions');
      await openFromMenu(page, '/app/lien');
      await page.getByRole('button', { name: 'Add ChargeBack', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: /^Merchant/ }).click();
      await page.getByRole('option', { name: /^BOLT/ }).click();
      await dialog.getByRole('textbox', { name: /^Merchant Order ID/ }).fill(ORDER);
      await dialog.getByRole('textbox', { name: /^User ID/ }).fill(CUSTOMER);
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill(String(CHARGEBACK));
      const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
      await dialog.getByLabel(/^Reference Date/).fill(today);
      await dialog.getByRole('textbox', { name: /^Reason/ }).fill('The customer disputed the debit');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await toast(page, "The chargeback is recorded; the merchant's balance pays for it.").waitFor();
      await page.locator('tbody tr').filter({ hasText: ORDER }).waitFor();
    }));

  it('staff settle BOLT in cash, and another staff user approves it with the password', () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'transactions');
      await openFromMenu(page, '/app/settlements', 'Settlements');
      await page.getByRole('button', { name: 'Add Settlement', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: /^Merchant/ }).click();
      await page.getByRole('option', { name: /^BOLT/ }).click();
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill(String(SETTLEMENT));
      await dialog.getByRole('combobox', { name: /^Method/ }).click();
      await page.getByRole('option', { name: 'Cash', exact: true }).click();
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/settlements'),
        dialog.getByRole('button', { name: 'Add', exact: true }).click(),
      ]);
      expect(created.status()).toBe(201);
      const { data } = (await created.json()) as { data: { id: string; status: string } };
      expect(data.status).toBe('INITIATED');
      const name = data.id.slice(0, 8);
      // Its creator never approves it (four eyes): admin does, typing the password again.
      const admin = await suite.openPage();
      try {
        await signIn(admin, suite.product.url, 'admin');
        await openFromMenu(admin, '/app/settlements', 'Settlements');
        await admin.getByRole('button', { name: `Approve ${name}`, exact: true }).click();
        const approve = admin.getByRole('dialog');
        await approve.getByRole('textbox', { name: /^Reference/ }).fill('cash receipt 7');
        await approve.getByRole('button', { name: 'Approve', exact: true }).click();
        const password = admin.getByRole('dialog', { name: 'Confirm with your password' });
        await password.getByLabel(/^Password/).fill(DEMO_PASSWORD);
        await password.getByRole('button', { name: 'Confirm', exact: true }).click();
        await toast(admin, `Settlement ${name} is now Success.`).waitFor();
      } finally {
        await closePage(admin);
      }
    }));

  it("BOLT's merchant user sees its balance lower by both", async () => {
    await merchantPage.reload();
    await expect.poll(() => shownBalance(merchantPage)).toBeCloseTo(before - CHARGEBACK - SETTLEMENT, 2);
  });
});
