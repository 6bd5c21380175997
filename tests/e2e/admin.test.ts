import { describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { apiGet } from './support/api';
import { expectAccessible } from './support/accessible';
import { MENUS_BY_HAND } from './support/menus-by-hand';
import { DEMO_PASSWORD, loginForm, menuLabels, menuLinks, pathOf, signIn, storedToken, toast } from './support/pages';
import { productSuite } from './support/suite';

/**
 * The admin screens driven end to end on one product: a merchant, a vendor, a bank account of the
 * vendor linked to the merchant and a user of the merchant are created through the forms; the new
 * user then sees its merchant only. The steps build on each other and run in order.
 */

const suite = productSuite();
const { withPage } = suite;
const at = (pattern: RegExp) => (u: URL) => pattern.test(u.pathname);

const MERCHANT = { code: 'E2EMART', name: 'E2E Mart', site: 'https://e2e.example' };
const VENDOR = { code: 'VEN-E2E', name: 'E2E Vendor' };
const BANK = {
  nickname: 'E2E-HDFC-01',
  bankName: 'HDFC Bank',
  holder: 'E2E Mart Collections',
  accountNumber: '50100987654321',
  ifsc: 'HDFC0004321',
  upiId: 'e2emart@hdfcbank',
};
const USER = {
  userName: 'e2e-merchant',
  fullName: 'Esha E2E-Merchant',
  password: 'E2e-pass-12345',
  /** The admin chose the first password: the user replaces it at the first sign-in. */
  ownPassword: 'Esha-own-pass-678',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label, with or without the asterisk of a required field. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escape(label)}(\\s*\\*)?$`));
/** The list row that shows a text (a code or a nickname). */
const rowOf = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** Types the demo password into the confirmation a sensitive action asks for. */
const confirmPassword = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Confirm with your password' });
  await dialog.waitFor();
  await field(dialog, 'Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};

/**
 * From a list, the Create button to the create form. The list's filters share labels with the
 * form (Code, Name…) and stay on screen until the form has rendered: wait for its Save button.
 */
const openCreateForm = async (page: Page, resource: string) => {
  await page.goto(`${suite.product.url}/app/${resource}`);
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/app/${resource}/create`);
  await saveButton(page).waitFor();
  await expectAccessible(page, `the ${resource} create form`);
};

/** Types into an autocomplete and picks the option that starts with the text. */
const pick = async (page: Page, scope: Page | Locator, label: string, text: string) => {
  const input = scope.getByRole('combobox', { name: new RegExp(`^${escape(label)}(\\s*\\*)?$`) });
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: new RegExp(`^${escape(text)}\\b`) }).click();
};

const isApiCall = (method: string, path: string) => (r: Response) =>
  r.request().method() === method && new URL(r.url()).pathname === `/v1${path}`;

/** The API as the signed-in page sees it, with the page's own token (signing in again would end its session). */
const pageApi = async <T>(page: Page, path: string) => {
  const token = await storedToken(page);
  if (!token) throw new Error('the page holds no token');
  return apiGet<T>(suite.product.url, token, path);
};

interface Row {
  [field: string]: unknown;
}

describe('admin creates what a merchant needs', () => {
  it('creates a merchant and shows its API key once', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await openCreateForm(page, 'merchant');

      await field(page, 'Code').fill(MERCHANT.code);
      await field(page, 'Name').fill(MERCHANT.name);
      await field(page, 'Site').fill(MERCHANT.site);
      await field(page, 'Min Payin').fill('100');
      await field(page, 'Max Payin').fill('50000');
      await field(page, 'Payin Fee %').fill('2.5');
      await field(page, 'Min Payout').fill('500');
      await field(page, 'Max Payout').fill('100000');
      await field(page, 'Payout Fee %').fill('1.75');
      const created = page.waitForResponse(isApiCall('POST', '/merchants'));
      await saveButton(page).click();
      expect((await created).status()).toBe(201);

      const dialog = page.getByRole('dialog', { name: `API key of ${MERCHANT.code}` });
      await dialog.waitFor();
      const apiKey = await dialog.getByRole('textbox', { name: 'API Key', exact: true }).inputValue();
      const secret = await dialog.getByRole('textbox', { name: 'Signing Secret', exact: true }).inputValue();
      expect(apiKey).toMatch(/^pg_live_\S+$/);
      expect(secret.length).toBeGreaterThan(0);
      await dialog.getByText(/shown only this once/).waitFor();
      await expectAccessible(page, 'the API key dialog');

      await dialog.getByRole('button', { name: 'I have saved them', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForURL(at(/^\/app\/merchant\/[^/]+\/show$/));
      await page.getByRole('main').getByText(`${MERCHANT.code} · ${MERCHANT.name}`).waitFor();
      await expectAccessible(page, 'the merchant show page');
      // Once means once: the show page has the key's start only, never the key or the secret.
      const shown = await page.getByRole('main').innerText();
      expect(shown).not.toContain(apiKey);
      expect(shown).not.toContain(secret);

      await page.goto(`${suite.product.url}/app/merchant`);
      const row = rowOf(page, MERCHANT.code);
      await row.waitFor();
      await row.getByText(MERCHANT.name, { exact: true }).waitFor();
      // The site waits behind the Columns button (the list fits 1440 px without it); the API has it below.
      expect(await row.getByText(MERCHANT.site).count()).toBe(0);
      await row.getByText('2.50 %', { exact: true }).waitFor();
      await row.getByText('1.75 %', { exact: true }).waitFor();

      const { data } = await pageApi<{ data: Row[] }>(page, `/merchants?code=${MERCHANT.code}`);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        code: MERCHANT.code,
        name: MERCHANT.name,
        siteUrl: MERCHANT.site,
        minPayin: 100,
        maxPayin: 50000,
        payinFeePercent: 2.5,
        minPayout: 500,
        maxPayout: 100000,
        payoutFeePercent: 1.75,
        enabled: true,
        parentCode: null,
      });
      expect(apiKey.startsWith(String(data[0].apiKeyPrefix))).toBe(true);
    }));

  it('creates a vendor with its commissions', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await openCreateForm(page, 'vendor');

      await field(page, 'Code').fill(VENDOR.code);
      await field(page, 'Name').fill(VENDOR.name);
      await field(page, 'Pay-in Commission %').fill('1.25');
      await field(page, 'Pay-out Commission %').fill('0.75');
      await saveButton(page).click();
      await page.waitForURL(at(/^\/app\/vendor\/[^/]+\/show$/));
      await page.getByRole('main').getByText(VENDOR.code, { exact: true }).waitFor();
      await expectAccessible(page, 'the vendor show page');

      await page.goto(`${suite.product.url}/app/vendor`);
      const row = rowOf(page, VENDOR.code);
      await row.getByText(VENDOR.name, { exact: true }).waitFor();
      await row.getByText('1.25 %', { exact: true }).waitFor();
      await row.getByText('0.75 %', { exact: true }).waitFor();

      const { data } = await pageApi<{ data: Row[] }>(page, `/vendors?code=${VENDOR.code}`);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        code: VENDOR.code,
        name: VENDOR.name,
        payinCommissionPercent: 1.25,
        payoutCommissionPercent: 0.75,
        enabled: true,
      });
    }));

  it('creates a bank account of the vendor and links it to the merchant', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await openCreateForm(page, 'bank-accounts');

      await field(page, 'Account Name').fill(BANK.nickname);
      await field(page, 'Bank Name').fill(BANK.bankName);
      await field(page, 'Account Holder Name').fill(BANK.holder);
      await field(page, 'Account Number').fill(BANK.accountNumber);
      await field(page, 'IFSC Code').fill(BANK.ifsc);
      await field(page, 'UPI ID').fill(BANK.upiId);
      await pick(page, page, 'Vendor', VENDOR.code);
      await field(page, 'Min Payin').fill('100');
      await field(page, 'Max Payin').fill('50000');
      await saveButton(page).click();
      await confirmPassword(page);
      await page.waitForURL(at(/^\/app\/bank-accounts\/[^/]+\/show$/));
      const main = page.getByRole('main');
      await main.getByText(BANK.nickname, { exact: true }).first().waitFor();

      await main.getByRole('button', { name: `Merchants: ${BANK.nickname}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Merchants: ${BANK.nickname}` });
      await dialog.waitFor();
      await expectAccessible(page, 'the link-merchants dialog');
      await pick(page, dialog, 'Merchants', MERCHANT.code);
      await dialog.getByRole('button', { name: 'Link merchants', exact: true }).click();
      await confirmPassword(page);
      await toast(page, 'Merchants linked').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(`${suite.product.url}/app/bank-accounts`);
      const row = rowOf(page, BANK.nickname);
      await row.waitFor();
      await row.locator('.MuiChip-root').getByText(MERCHANT.code, { exact: true }).waitFor();
      await row.getByText(VENDOR.code, { exact: true }).waitFor();
      // The UPI id waits behind the Columns button (the list fits 1440 px without it); the API has it below.
      // Its maker is not offered to approve it.
      await row.getByText('Awaiting approval', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Approve ${BANK.nickname}` }).count()).toBe(0);

      const { data } = await pageApi<{ data: Row[] }>(page, `/bank-accounts?nickname=${BANK.nickname}`);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        nickname: BANK.nickname,
        bankName: BANK.bankName,
        holderName: BANK.holder,
        accountNumber: BANK.accountNumber,
        ifsc: BANK.ifsc,
        upiId: BANK.upiId,
        usedFor: 'PAYIN',
        vendorCode: VENDOR.code,
        merchantCodes: [MERCHANT.code],
        enabled: true,
        approval: 'AWAITING_APPROVAL',
      });
    }));

  it('another staff user approves the new pay-in account', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'transactions');
      await page.goto(`${suite.product.url}/app/bank-accounts`);
      const row = rowOf(page, BANK.nickname);
      await row.getByRole('button', { name: `Approve ${BANK.nickname}`, exact: true }).click();
      await confirmPassword(page);
      await toast(page, 'Bank account approved: it may now take pay-ins.').waitFor();
      await row.getByText('Approved', { exact: true }).waitFor();
      const { data } = await pageApi<{ data: Row[] }>(page, `/bank-accounts?nickname=${BANK.nickname}`);
      expect(data[0]).toMatchObject({ approval: 'APPROVED' });
    }));

  it('creates a user of the merchant, offering admin exactly its five roles', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await openCreateForm(page, 'user');

      await field(page, 'Full Name').fill(USER.fullName);
      await field(page, 'User Name').fill(USER.userName);
      await field(page, 'Password').fill(USER.password);

      await page.getByRole('combobox', { name: /^Role/ }).click();
      const listbox = page.getByRole('listbox');
      await listbox.getByRole('option').first().waitFor();
      // The select's empty entry (clearing the value) is no role: its text is blank.
      const offered = (await listbox.getByRole('option').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      expect(offered).toEqual(['Merchant', 'Transactions', 'Operations', 'Vendor', 'Merchant-Admin']);
      await expectAccessible(page, 'the role choices of the user form');
      await listbox.getByRole('option', { name: 'Merchant', exact: true }).click();
      await listbox.waitFor({ state: 'hidden' });

      await pick(page, page, 'Merchant Code', MERCHANT.code);
      const created = page.waitForResponse(isApiCall('POST', '/users'));
      await saveButton(page).click();
      expect((await created).status()).toBe(201);
      await page.waitForURL(at(/^\/app\/user$/));

      const row = rowOf(page, USER.userName);
      await row.getByText(USER.fullName, { exact: true }).waitFor();
      await row.getByText(MERCHANT.code, { exact: true }).waitFor();

      const { data } = await pageApi<{ data: Row[] }>(page, `/users?q=${USER.userName}`);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        userName: USER.userName,
        fullName: USER.fullName,
        role: 'MERCHANT',
        merchantCodes: [MERCHANT.code],
        vendorCode: null,
        enabled: true,
      });
    }));
});

describe('the new merchant user', () => {
  it('signs in, replaces the password the admin chose, and has its own merchant only', () =>
    withPage(async (page) => {
      // Each body read as its response arrives: read later, on a busy machine, the browser may
      // have dropped it already ("No data found for resource").
      const lists: { response: Response; body: Promise<unknown> }[] = [];
      page.on('response', (r) => {
        if (isApiCall('GET', '/getall-merchant')(r))
          lists.push({ response: r, body: r.json().catch((error: Error) => ({ unread: error.message })) });
      });
      await page.goto(`${suite.product.url}/`);
      const form = loginForm(page);
      await form.userName.fill(USER.userName);
      await form.password.fill(USER.password);
      await form.submit.click();
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await storedToken(page)).toBeNull();
      await expectAccessible(page, 'the new-password step of the login screen');
      await field(page, 'New Password').fill(USER.ownPassword);
      await field(page, 'Confirm Password').fill(USER.ownPassword);
      await page.getByRole('button', { name: 'Change password and sign in', exact: true }).click();
      await page.waitForURL(at(/^\/app\/dashboard$/));

      // The shell loads the list once its code has arrived: on a busy machine, more than a second.
      await expect.poll(() => lists.length, { timeout: 15_000 }).toBeGreaterThan(0);
      for (const { response, body: read } of lists) {
        expect(response.status()).toBe(200);
        expect(new URL(response.url()).searchParams.get('merchantCode')).toBe(MERCHANT.code);
        type Merchants = { data: { merchants: Row[]; total: number } };
        const answered = (await read) as Merchants | { unread: string };
        // The browser dropped the body before it was read (seen on a busy machine): the same
        // request again, with the page's token.
        const url = new URL(response.url());
        const body =
          'unread' in answered
            ? await pageApi<Merchants>(page, url.pathname.replace(/^\/v1/, '') + url.search)
            : answered;
        expect(body.data.merchants.map((m) => m.code)).toEqual([MERCHANT.code]);
        expect(body.data.total).toBe(1);
      }

      const links = (await menuLinks(page)).map((l) => `${l.label} ${l.path}`);
      expect([...links].sort()).toEqual([...MENUS_BY_HAND.MERCHANT.links].sort());
      const labels = await menuLabels(page);
      for (const hidden of ['Merchant', 'Bank Accounts', 'Vendor']) expect(labels).not.toContain(hidden);

      await page.goto(`${suite.product.url}/app/merchant`);
      await page.getByRole('main').getByText('Access denied').waitFor();
      expect(pathOf(page)).toBe('/app/merchant');

      const users = page.waitForResponse(isApiCall('GET', '/users'));
      await page.goto(`${suite.product.url}/app/user`);
      expect((await users).status()).toBe(200);
      await rowOf(page, USER.userName).waitFor();
      const rows = await page.locator('tbody tr').allInnerTexts();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(MERCHANT.code);
      const names = await page.locator('tbody td.column-userName').allInnerTexts();
      expect(names.map((n) => n.trim())).toEqual([USER.userName]);
      await expectAccessible(page, "the merchant user's user list");

      const { data } = await pageApi<{ data: Row[] }>(page, '/users?pageSize=100');
      expect(data.map((u) => u.userName)).toEqual([USER.userName]);
    }));
});

describe('a sensitive action asks for the password', () => {
  it('disabling a bank account from its list row needs the right password', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await page.goto(`${suite.product.url}/app/bank-accounts`);
      const enabled = rowOf(page, BANK.nickname).getByRole('switch', { name: 'Enabled', exact: true });
      await enabled.waitFor();
      expect(await enabled.isChecked()).toBe(true);
      const flagChanges: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && /\/v1\/bank-accounts\/[^/]+\/flags$/.test(new URL(r.url()).pathname))
          flagChanges.push(r.postData() ?? '');
      });
      await enabled.click();

      const dialog = page.getByRole('dialog', { name: 'Confirm with your password' });
      await dialog.waitFor();
      const password = field(dialog, 'Password');
      await password.fill('Wrong@1234');
      const refused = page.waitForResponse(isApiCall('POST', '/confirmations'));
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      expect((await refused).status()).toBe(400);
      await dialog.getByText('The password is not correct.', { exact: true }).waitFor();
      await expectAccessible(page, 'the password confirmation with its error');
      expect(flagChanges).toEqual([]);

      await password.fill('Demo@1234');
      const changed = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && /\/v1\/bank-accounts\/[^/]+\/flags$/.test(new URL(r.url()).pathname),
      );
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      expect((await changed).status()).toBe(200);
      await dialog.waitFor({ state: 'hidden' });
      expect(flagChanges.map((body) => JSON.parse(body))).toEqual([{ enabled: false }]);
      await expect.poll(() => enabled.isChecked()).toBe(false);

      const { data } = await pageApi<{ data: Row[] }>(page, `/bank-accounts?nickname=${BANK.nickname}`);
      expect(data).toHaveLength(1);
      expect(data[0].enabled).toBe(false);
    }));
});

describe('a vendor user', () => {
  it("sees its vendor's bank accounts only, with the numbers masked", () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'vendor');
      await page.goto(`${suite.product.url}/app/bank-accounts`);
      await rowOf(page, 'ALPHA-HDFC-01').waitFor();

      const nicknames = (await page.locator('tbody td.column-nickname').allInnerTexts()).map((n) => n.trim());
      expect([...nicknames].sort()).toEqual(['ALPHA-HDFC-01', 'ALPHA-ICICI-02', 'ALPHA-SBI-PAYOUT']);
      expect(nicknames).not.toContain(BANK.nickname);
      expect(nicknames.filter((n) => n.startsWith('BETA-'))).toEqual([]);

      // The account number sits in Bank Details (its own column waits behind the Columns button).
      const numbers = (await page.locator('tbody td.column-bankName').allInnerTexts()).map((n) => n.trim());
      expect(numbers).toHaveLength(nicknames.length);
      for (const number of numbers) expect(number).toContain('•');
      expect(await page.getByRole('main').innerText()).not.toContain('50100234567890');
      await expectAccessible(page, "the vendor's bank accounts");

      const { data } = await pageApi<{ data: Row[] }>(page, '/bank-accounts?pageSize=100');
      expect(data.map((b) => b.nickname).sort()).toEqual([...nicknames].sort());
      expect(data.every((b) => b.vendorCode === 'VEN-ALPHA')).toBe(true);
    }));
});

describe('the merchant form', () => {
  it('names the empty code as required and sends nothing', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await page.goto(`${suite.product.url}/app/merchant/create`);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/merchants') posts.push(r.url());
      });

      await field(page, 'Name').fill('No Code Mart');
      await field(page, 'Site').fill('https://nocode.example');
      await field(page, 'Min Payin').fill('100');
      await field(page, 'Max Payin').fill('5000');
      await field(page, 'Payin Fee %').fill('2');
      await field(page, 'Min Payout').fill('100');
      await field(page, 'Max Payout').fill('5000');
      await field(page, 'Payout Fee %').fill('1');
      await saveButton(page).click();

      await page.getByRole('main').getByText('Code is Required!', { exact: true }).waitFor();
      await expect.poll(() => field(page, 'Code').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'the merchant form with its code in error');
      expect(pathOf(page)).toBe('/app/merchant/create');
      expect(posts).toEqual([]);
    }));
});
