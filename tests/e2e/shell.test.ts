import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, meStatus } from './support/api';
import { expectAccessible } from './support/accessible';
import { loginForm, pathOf, signIn, storedKeys, storedToken, toast } from './support/pages';
import { productSuite } from './support/suite';

const suite = productSuite();
const { withPage } = suite;
const at = (path: string) => (u: URL) => u.pathname === path;

/** Waits until the dashboard has finished deciding where a path belongs, then reports where it is. */
const settledPath = async (page: Page) => {
  await page.locator('#root > *').first().waitFor();
  await page.waitForLoadState('networkidle');
  return pathOf(page);
};

describe('without a stored token', () => {
  it.each(['/app/dashboard', '/app/merchant', '/nope'])('%s sends the visitor to the login screen', (path) =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}${path}`);
      await page.waitForURL(at('/'));
      await loginForm(page).userName.waitFor();
    }),
  );

  it.each(['/forgot-password', '/reset-password', '/on-boarding'])('%s stays public', (path) =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}${path}`);
      expect(await settledPath(page)).toBe(path);
      expect(await page.getByText('Page not found').count()).toBe(0);
      await expectAccessible(page);
    }),
  );

  it('names the required field of the forgot-password form', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/forgot-password`);
      await page.locator('form button[type="submit"]').click();
      await page.getByText('User Name is Required!').waitFor();
      expect(pathOf(page)).toBe('/forgot-password');
      await expectAccessible(page, '/forgot-password with its field in error');
    }));

  it('fails a page on a fault that is still there at the second look', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/forgot-password`);
      await loginForm(page).userName.waitFor();
      await page.evaluate(() => {
        const faint = document.createElement('p');
        faint.textContent = 'Faint words';
        faint.setAttribute('style', 'color: #bbb; background: #fff');
        document.querySelector('main')!.append(faint);
      });
      await expect(expectAccessible(page, 'a faint text')).rejects.toThrow(/color-contrast/);
    }));

  it('keeps an error toast until it is dismissed (issue 31, item 6)', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/`);
      const form = loginForm(page);
      await form.userName.fill('merchant-admin');
      await form.password.fill('Wrong@1234');
      await form.submit.click();
      const shown = toast(page, 'Invalid user name or password.');
      await shown.waitFor();
      await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).first().click();
      await shown.waitFor({ state: 'hidden' });
    }));
});

describe('with a stored token', () => {
  it.each([
    ['admin', '/app/dashboard'],
    ['vendor', '/app/vendor-board'],
  ])('/ sends %s to %s', (userName, home) =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, userName);
      await page.goto(`${suite.product.url}/`);
      await page.waitForURL(at(home));
    }),
  );

  it.each(['/nope', '/app/nope'])('%s shows the not-found page', (path) =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      await page.goto(`${suite.product.url}${path}`);
      await page.getByRole('main').getByText('Page not found').waitFor();
      expect(pathOf(page)).toBe(path);
      await expectAccessible(page, `not-found page at ${path}`);
    }),
  );

  it('a screen outside the role shows access denied', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'merchant');
      await page.goto(`${suite.product.url}/app/vendor`);
      await page.getByRole('main').getByText('Access denied').waitFor();
      expect(pathOf(page)).toBe('/app/vendor');
      await expectAccessible(page, 'access denied');
    }));

  it('an undecodable token is removed and the visitor sent to the login screen', () =>
    withPage(async (page) => {
      await page.goto(`${suite.product.url}/`);
      await page.evaluate(() => window.localStorage.setItem('accessToken', 'not-a-jwt'));
      await page.goto(`${suite.product.url}/app/dashboard`);
      await page.waitForURL(at('/'));
      await loginForm(page).userName.waitFor();
      expect(await storedToken(page)).toBeNull();
      expect(pathOf(page)).toBe('/');
    }));
});

// Each role's menu, top bar and logo are checked in the accessibility walk, which signs in as every
// role anyway (support/shell.ts).

describe('leaving the shell', () => {
  it('logout returns to the login screen, clears storage and ends the session', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'transactions');
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      await page.getByRole('button', { name: 'Logout', exact: true }).click();
      await page.waitForURL(at('/'));
      await loginForm(page).userName.waitFor();
      expect(await storedKeys(page)).toEqual([]);
      await expect.poll(() => meStatus(suite.product.url, token!)).toBe(401);
    }));

  it('a session ended elsewhere shows a 401 toast, clears storage and returns to the login screen', () =>
    withPage(async (page) => {
      await signIn(page, suite.product.url, 'merchant-operations');
      await apiSignIn(suite.product.url, 'merchant-operations');
      await page.goto(`${suite.product.url}/app/dashboard`);
      await toast(page, '401', { exact: true }).waitFor();
      await toast(page, 'Your session was ended because you signed in somewhere else.').waitFor();
      await page.waitForURL(at('/'));
      await expect.poll(() => storedKeys(page)).toEqual([]);
    }));
});
