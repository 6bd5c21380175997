import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/accessible';
import { apiPost } from './support/api';
import { DEMO_PASSWORD, loginForm, pathOf, signIn, storedToken, toast } from './support/pages';
import { startProduct, type Product } from './support/product';
import { productSuite } from './support/suite';

/**
 * Issue 9, item 9: an ADMIN turns on two-factor sign-in and signs in with a code, computed here
 * from the key the screen shows, as an authenticator app would.
 */
const suite = productSuite();
const { withPage } = suite;

/** The code an authenticator app shows `steps` periods from now; each step is good for one sign-in. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const secretOn = async (page: Page) => (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');

const signInWithPassword = async (page: Page, url: string, userName: string) => {
  await page.goto(`${url}/`);
  const form = loginForm(page);
  await form.userName.fill(userName);
  await form.password.fill(DEMO_PASSWORD);
  await form.submit.click();
};

describe('two-factor sign-in', () => {
  it('an ADMIN enrols from the top bar, signs out, and signs in with a code; a wrong code is refused', () =>
    withPage(async (page) => {
      const { url } = suite.product;
      await signIn(page, url, 'admin');
      await page.waitForURL((u) => u.pathname === '/app/dashboard');

      await page.getByRole('button', { name: 'Two-factor sign-in', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
      await dialog.getByText(/is off/).waitFor();
      await dialog.getByRole('button', { name: 'Set up', exact: true }).click();
      await dialog.getByRole('img', { name: /QR code/ }).waitFor();
      await expectAccessible(page, 'the two-factor set-up dialog');
      const secret = await secretOn(page);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await dialog.getByLabel(/^Code from the app/).fill(await codeAt(secret));
      await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
      const codes = dialog.getByRole('list', { name: 'Recovery codes' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);
      const recoveryCode = await codes.getByRole('listitem').first().innerText();
      await expectAccessible(page, 'the recovery codes');
      await dialog.getByRole('button', { name: 'I saved them', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Logout', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await signInWithPassword(page, url, 'admin');
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      expect(await storedToken(page)).toBeNull();
      await expectAccessible(page, 'the code step of the login screen');

      const code = page.getByLabel(/^Authentication code/);
      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await toast(page, /That code is not right/).waitFor();
      expect(pathOf(page)).toBe('/');
      await expectAccessible(page, 'the code step with a wrong code');

      // The code used to turn it on is spent: the app's next one signs in.
      await code.fill(await codeAt(secret, 1));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/app/dashboard');
      const token = await storedToken(page);
      expect(token).toBeTruthy();

      // The product is shared with the other browser files: admin goes back to its password alone.
      await apiPost(url, token!, '/two-factor/disable', { password: DEMO_PASSWORD, code: recoveryCode });
    }));
});

describe('two-factor required by REQUIRE_2FA_ROLES', () => {
  let required: Product | undefined;
  beforeAll(async () => {
    required = await startProduct({ env: { REQUIRE_2FA_ROLES: 'ADMIN' } });
  });
  afterAll(() => required?.stop());

  it('an ADMIN sets it up on the login screen at the next sign-in, then enters the console', () =>
    withPage(async (page) => {
      await signInWithPassword(page, required!.url, 'admin');
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      await page.getByRole('img', { name: /QR code/ }).waitFor();
      await expectAccessible(page, 'the enrolment step of the login screen');
      const secret = await secretOn(page);
      await page.getByLabel(/^Code from the app/).fill(await codeAt(secret));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      // The step's list is loaded when the step is first shown.
      const codes = page.getByRole('list', { name: 'Recovery codes' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);
      expect(await storedToken(page)).toBeNull();
      await expectAccessible(page, 'the recovery codes on the login screen');
      await page.getByRole('button', { name: 'I saved them', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/app/dashboard');
    }));
});
