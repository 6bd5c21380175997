import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/api';
import { expectAccessible } from './support/accessible';
import { loginForm, pathOf, signIn, storedToken } from './support/pages';
import { productSuite } from './support/suite';

const suite = productSuite();
const { withPage } = suite;

describe('login screen', () => {
  it('is accessible as it opens', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/`);
      await loginForm(page).submit.waitFor();
      await expectAccessible(page, 'login screen');
    }));

  it('signs an admin in and lands on the dashboard', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await page.waitForURL((u) => u.pathname === '/app/dashboard');
      expect(await storedToken(page)).toBeTruthy();
      await expectAccessible(page, 'dashboard after sign-in');
    }));

  it('refuses a wrong password with a readable message and stays on the login screen', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/`);
      const form = loginForm(page);
      await form.userName.fill('transactions');
      await form.password.fill('Wrong@1234');
      await form.submit.click();
      await page.getByText('Invalid user name or password.').first().waitFor();
      expect(pathOf(page)).toBe('/');
      await expectAccessible(page, 'login screen with a failure toast');
      expect(await storedToken(page)).toBeNull();
    }));

  it('names both required fields when the form is sent empty', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/`);
      await loginForm(page).submit.click();
      await page.getByText('User Name is Required!').waitFor();
      await page.getByText('Password is Required!').waitFor();
      expect(pathOf(page)).toBe('/');
      await expectAccessible(page, 'login screen with its fields in error');
    }));

  it('sends a vendor to the vendor board', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'vendor');
      await page.waitForURL((u) => u.pathname === '/app/vendor-board');
    }));

  it('asks before ending a session open elsewhere, then signs in', () =>
    withPage(async (page) => {
      await apiSignIn(suite.product.url, 'operations');
      await page.goto(`${suite.product.url}/`);
      const form = loginForm(page);
      await form.userName.fill('operations');
      await form.password.fill('Demo@1234');
      await form.submit.click();
      const proceed = page.getByRole('button', { name: 'Continue', exact: true });
      await proceed.waitFor();
      await expectAccessible(page, 'session-elsewhere dialog');
      await proceed.click();
      await page.waitForURL((u) => u.pathname === '/app/dashboard');
    }));

  it("shows the spinner, not a blank page, while a cold start's console is on its way", () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      // The console's code held back, as on a slow network (routing also leaves the cache out). The
      // spinner is named: it once read "app.loading", with no app mounted yet to translate it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/App-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${suite.product.url}/app/dashboard`);
      await page.getByRole('progressbar', { name: 'Loading…' }).waitFor();
      release();
      await page.getByTestId('page-title').getByText('Dashboard', { exact: true }).waitFor();
    }));
});
