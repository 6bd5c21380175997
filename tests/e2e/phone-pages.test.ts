import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiSignIn, forgetPreferences } from './support/api';
import { orderId, paidPayin } from './support/deposits';
import { closePage, signIn, toast } from './support/pages';
import { open, overflow, PHONE } from './support/phone';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 12, beyond the lists: on a phone (390×844) every record's page, the checker's
 * queue and the top bar fit the screen; what does not fit scrolls inside its own box.
 */
const suite = productSuite();

/** Each record's show page, by its screen and the API path its first record is read from. */
const SHOW_PAGES = [
  ['/app/withdrawal/all', 'payouts'],
  ['/app/settlements', 'settlements'],
  ['/app/vendorsettlements', 'vendor-settlements'],
  ['/app/merchant', 'merchants'],
  ['/app/vendor', 'vendors'],
  ['/app/bank-accounts', 'bank-accounts'],
  ['/app/user', 'users'],
  ['/app/provider-events', 'provider-events'],
] as const;

/** POST on the API that must make a record (201); its data. */
const create = async <T>(token: string, path: string, body: unknown): Promise<T> => {
  const res = await fetch(`${suite.product.url}/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data as T;
};

/**
 * A phone's page. Its waits are twice the other files': each of these pages loads the dashboard
 * and its live refreshes on a screen where every list and page was drawn anew.
 */
const phonePage = async () => {
  const page = await suite.openPage({ viewport: PHONE });
  page.context().setDefaultTimeout(30_000);
  return page;
};

const firstId = async (token: string, api: string) => {
  const { data } = await apiGet<{ data: { id: string | number }[] }>(suite.product.url, token, `/${api}?pageSize=1`);
  if (data.length === 0) throw new Error(`no record of ${api} to open`);
  return String(data[0].id);
};

/** A show page has drawn once its record's fields are there and its history has stopped loading. */
const drawn = (page: Page, path: string) =>
  page
    .waitForFunction(
      () => {
        const main = document.querySelector('#main-content');
        return (
          main?.querySelector('.RaLabeled-label') != null &&
          !main.textContent?.includes('Loading…') &&
          // The top bar's spinner turns at every refresh: only the page's own count.
          !main.querySelector('[role="progressbar"]')
        );
      },
      null,
      { polling: 100 },
    )
    .catch(async () => {
      const text = await page.locator('#main-content').innerText();
      throw new Error(`${path} did not draw: …${text.slice(-300)}`);
    });

/** A provider event (from a webhook that does not verify) and a merchant application (its id) with a long name. */
const arrangeRarities = async (url: string) => {
  const webhook = await fetch(`${url}/v1/webhooks/razorpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'not-a-signature' },
    body: JSON.stringify({ event: 'payment.captured', payload: { note: 'e2e phone pages' } }),
  });
  await webhook.arrayBuffer();
  const applied = await fetch(`${url}/v1/on-boarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      businessName: 'Phone Pages Traders With A Rather Long Registered Business Name Private Limited',
      contactName: 'Ravi Kumar',
      email: `phone-pages-${Date.now()}@shop.example`,
      phone: '9876543210',
      website: 'https://a-very-long-website-address-for-a-small-shop.example/shop/front-page',
      expectedMonthlyVolume: 250000,
    }),
  });
  if (applied.status !== 201) throw new Error(`on-boarding: ${applied.status}`);
  return ((await applied.json()) as { data: { id: string } }).data.id;
};

describe('a record on a phone', () => {
  it('no show page scrolls sideways at 390 px', async () => {
    const url = suite.product.url;
    const paid = await paidPayin(url, { merchantCode: 'ACME', customerId: 'e2e-phone-pages', amount: 321 });
    const application = await arrangeRarities(url);
    const page = await phonePage();
    try {
      await signIn(page, url, 'admin');
      const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
      // A chargeback of the deposit: its journal debits the merchant.
      const lien = await create<{ id: string }>(token, '/liens', {
        merchantCode: 'ACME',
        merchantOrderId: paid.merchantOrderId,
        customerId: 'e2e-phone-pages',
        amount: 321,
        receivedAt: new Date().toISOString().slice(0, 10),
        reason: 'The customer told the bank the payment was never authorised by the account holder',
      });
      const paths = [
        `/app/deposit/all/${paid.id}/show`,
        `/app/lien/${lien.id}/show`,
        `/app/merchant-applications/${application}/show`,
      ];
      for (const [screen, api] of SHOW_PAGES) paths.push(`${screen}/${await firstId(token, api)}/show`);
      const wide: string[] = [];
      for (const path of paths) {
        // Loaded afresh: moved within the app, the last page stays drawn while the next one loads.
        await page.goto(`${url}${path}`);
        await drawn(page, path);
        const too = await overflow(page);
        if (too) wide.push(`${path}: ${too}`);
      }
      expect(wide).toEqual([]);
    } finally {
      await closePage(page);
    }
    // Eleven pages, each a fresh start of the dashboard: a limit for a hang, not a speed check.
  }, 240_000);
});

describe('the checker queue on a phone', () => {
  it('shows each request as a card with its amount, beneficiary, maker, age and Approve', async () => {
    const url = suite.product.url;
    const admin = await apiSignIn(url, 'admin');
    const operations = await apiSignIn(url, 'operations');
    const order = orderId('e2e-phone-check');
    const account = String(Date.now()).slice(-12);
    const created = await create<{ id: string }>(admin, '/payouts', {
      merchantCode: 'ACME',
      merchantOrderId: order,
      customerId: 'e2e-phone-checker',
      amount: 1_070,
      bankName: 'HDFC Bank',
      accountNumber: account,
      accountHolder: 'Meera Iyer',
      ifsc: 'HDFC0001234',
    });
    const banks = await apiGet<{ data: { id: string; nickname: string }[] }>(
      url,
      admin,
      '/bank-accounts?usedFor=PAYOUT&enabled=true&pageSize=100',
    );
    const paying = banks.data.find((b) => b.nickname === 'BETA-KOTAK-PAYOUT')!;
    const asked = await fetch(`${url}/v1/payouts/${created.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operations}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'manual', utr: account, bankAccountId: paying.id }),
    });
    expect(asked.status).toBe(200);
    // A small pay-out, paid at once, then its reversal asked: a reversal always waits for a checker.
    const reversal = await fetch(`${url}/v1/payouts/${created.id}/reverse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operations}` },
    });
    await reversal.arrayBuffer();
    expect(reversal.status).toBe(202);

    const page = await phonePage();
    try {
      await signIn(page, url, 'transactions');
      await open(page, '/app/approvals');
      const card = page.getByRole('main').getByRole('listitem').filter({ hasText: order });
      await card.waitFor();
      expect(await page.locator('#main-content table').count()).toBe(0);
      for (const text of ['Reverse pay-out', '₹1,070.00', `Meera Iyer · A/c ${account}`, 'operations'])
        await card.getByText(text).first().waitFor();
      await card.getByText(/ago|now/).waitFor();
      expect(await overflow(page)).toBeNull();
      // Bulk still works: a chosen card brings the bulk buttons.
      await card.getByRole('checkbox', { name: `Select ${order}` }).check();
      await page.getByRole('button', { name: 'Approve 1', exact: true }).waitFor();
      await card.getByRole('button', { name: `Approve ${order}` }).click();
      const dialog = page.getByRole('dialog', { name: `Check the request on ${order}` });
      await dialog.getByRole('button', { name: 'Approve', exact: true }).waitFor();
      // Rejected rather than approved: the pay-out stays paid, and ACME's balance as the next files expect.
      await dialog.getByRole('textbox', { name: 'Remark' }).fill('Checked on a phone');
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await toast(page, `Request on ${order} rejected.`).waitFor();
      await card.waitFor({ state: 'detached' });
    } finally {
      await closePage(page);
    }
  }, 120_000);
});

describe('the top bar on a phone', () => {
  beforeAll(() => forgetPreferences(suite.product.url, 'admin'));

  it('fits at 390 px; search opens from its icon, language and theme from the account menu', async () => {
    const url = suite.product.url;
    const page = await phonePage();
    try {
      await signIn(page, url, 'admin');
      await open(page, '/app/deposit/all');
      const banner = page.getByRole('banner');
      const outside = await banner.evaluate((bar) =>
        [...bar.querySelectorAll<HTMLElement>('button, a[href], input')]
          .filter((c) => {
            const box = c.getBoundingClientRect();
            return box.width > 0 && (box.left < 0 || box.right > window.innerWidth);
          })
          .map((c) => c.getAttribute('aria-label') ?? c.textContent),
      );
      expect(outside).toEqual([]);
      expect(await overflow(page)).toBeNull();

      await banner.getByRole('button', { name: 'Search', exact: true }).click();
      const search = banner.getByRole('textbox', { name: 'Search' });
      await search.fill('no-such-record-here');
      await search.press('Enter');
      await page
        .getByRole('region', { name: 'Search results' })
        .getByText(/^Nothing found/)
        .waitFor();
      expect(await overflow(page)).toBeNull();
      await search.press('Escape');

      const account = banner.getByRole('button', { name: 'Account: Asha Admin, Admin', exact: true });
      await account.click();
      await page.getByText('Asha Admin', { exact: true }).waitFor();
      const menu = page.getByRole('menu', { name: 'Account: Asha Admin, Admin' });
      for (const name of ['Two-factor sign-in', 'Logout'])
        await menu.getByRole('menuitem', { name: new RegExp(`^${name}`) }).waitFor();
      await menu.getByRole('menuitem', { name: 'Dark theme' }).click();
      await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(11, 18, 16)');

      await account.click();
      await page.getByRole('menuitem', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी', exact: true }).click();
      await banner.getByRole('button', { name: /^खाता: Asha Admin, / }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      expect(await overflow(page)).toBeNull();
    } finally {
      await closePage(page);
      await forgetPreferences(suite.product.url, 'admin');
    }
  }, 120_000);
});
