import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignIn } from './support/api';
import { launchBrowser } from './support/browser';
import { loginForm, pathOf, signIn, storedToken, withPage as withBrowserPage } from './support/pages';
import { startProduct, type Product } from './support/product';

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const withPage = (run: (page: Page) => Promise<void>) => withBrowserPage(browser, run);

describe('login screen', () => {
  it('signs an admin in and lands on the dashboard', () =>
    withPage(async (page) => {
      await signIn(page, product.url, 'admin');
      await page.waitForURL((u) => u.pathname === '/app/dashboard');
      expect(await storedToken(page)).toBeTruthy();
    }));

  it('refuses a wrong password with a readable message and stays on the login screen', () =>
    withPage(async (page) => {
      await page.goto(`${product.url}/`);
      const form = loginForm(page);
      await form.userName.fill('transactions');
      await form.password.fill('Wrong@1234');
      await form.submit.click();
      await page.getByText('Invalid user name or password.').first().waitFor();
      expect(pathOf(page)).toBe('/');
      expect(await storedToken(page)).toBeNull();
    }));

  it('names both required fields when the form is sent empty', () =>
    withPage(async (page) => {
      await page.goto(`${product.url}/`);
      await loginForm(page).submit.click();
      await page.getByText('User Name is Required!').waitFor();
      await page.getByText('Password is Required!').waitFor();
      expect(pathOf(page)).toBe('/');
    }));

  it('sends a vendor to the vendor board', () =>
    withPage(async (page) => {
      await signIn(page, product.url, 'vendor');
      await page.waitForURL((u) => u.pathname === '/app/vendor-board');
    }));

  it('asks before ending a session open elsewhere, then signs in', () =>
    withPage(async (page) => {
      await apiSignIn(product.url, 'operations');
      await page.goto(`${product.url}/`);
      const form = loginForm(page);
      await form.userName.fill('operations');
      await form.password.fill('Demo@1234');
      await form.submit.click();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/app/dashboard');
    }));
});
