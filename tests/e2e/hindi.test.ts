import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, forgetPreferences } from './support/api';
import { paymentLink, payPageUrl } from './support/deposits';
import { chooseLanguage, choosePayLanguage, documentLanguage } from './support/language';
import { openFromMenu } from './support/menu';
import { closePage, signIn } from './support/pages';
import { openPayPage, payPage } from './support/pay-page';
import { productSuite } from './support/suite';

/** Issue item 11: the console and the customer's pay page in Hindi, chosen by a person. */
const suite = productSuite();
// The language is kept for the user (item 10): the files after this one see English.
afterAll(() => forgetPreferences(suite.product.url, 'admin'));

describe('the console in Hindi', () => {
  it('a user chooses हिन्दी in the top bar: the menu, the title and a list read in Hindi', () =>
    suite.withPage(async (page) => {
      await signIn(page, suite.product.url, 'admin');
      const kept = page.waitForResponse(
        (res) => res.request().method() === 'PUT' && res.url().endsWith('/v1/me/preferences/locale') && res.ok(),
      );
      await chooseLanguage(page, 'हिन्दी');
      expect(await documentLanguage(page)).toBe('hi');
      // The console draws itself anew in the new language and then keeps it: a click before that
      // landed on the screen being replaced and went nowhere, on a loaded machine.
      await kept;

      const menu = page.getByRole('navigation', { name: 'मुख्य मेनू' });
      await menu.getByRole('link', { name: 'डैशबोर्ड', exact: true }).waitFor();
      await openFromMenu(page, '/app/deposit/all', 'जमा', menu);
      await page.getByTestId('page-title').getByText('जमा: सभी', { exact: true }).waitFor();
      await page
        .getByRole('columnheader', { name: /स्थिति/ })
        .first()
        .waitFor();
      // A status is a word of the chosen language, never its code (SPEC §5).
      await page.getByRole('cell').getByText('सफल', { exact: true }).first().waitFor();
      expect(await page.getByRole('cell').getByText('SUCCESS', { exact: true }).count()).toBe(0);

      // Kept for the user on the server (item 10): a reload opens in Hindi.
      await page.reload();
      await page.getByRole('navigation', { name: 'मुख्य मेनू' }).waitFor();
      expect(await documentLanguage(page)).toBe('hi');

      await chooseLanguage(page, 'English');
      await page
        .getByRole('columnheader', { name: /Status/ })
        .first()
        .waitFor();
      expect(await documentLanguage(page)).toBe('en');
    }));
});

describe('the pay page in Hindi', () => {
  const newLink = async () => {
    const token = await apiSignIn(suite.product.url, 'operations');
    const link = await paymentLink(suite.product.url, token, { merchantCode: 'BOLT', customerId: 'hindi-customer' });
    return payPageUrl(suite.product.url, link);
  };

  it('a customer switches an English page to हिन्दी, and back', async () => {
    const url = await newLink();
    const page = await suite.openPage({ locale: 'en-IN' });
    try {
      await openPayPage(page, url);
      await choosePayLanguage(page, 'हिन्दी');
      await page.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें', exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: /को भुगतान करें$/ }).waitFor();
      await page.getByLabel('भुगतान की राशि').waitFor();
      await choosePayLanguage(page, 'English');
      await payPage(page).amount.waitFor();
    } finally {
      await closePage(page);
    }
  });

  it('opens in Hindi when the browser prefers Hindi', async () => {
    const url = await newLink();
    const page = await suite.openPage({ locale: 'hi-IN' });
    try {
      await page.goto(url);
      await page.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें', exact: true }).waitFor();
      expect(await documentLanguage(page)).toBe('hi');
    } finally {
      await closePage(page);
    }
  });
});
