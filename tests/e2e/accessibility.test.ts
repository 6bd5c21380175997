import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO_USERS, ROLE_OF, type DemoUser } from '../support/roles';
import { apiGet, apiSignIn, forgetPreferences } from './support/api';
import { expectAccessible } from './support/accessible';
import { paymentLink, payPageUrl } from './support/deposits';
import { chooseLanguage, choosePayLanguage, type Language } from './support/language';
import { MENUS_BY_HAND } from './support/menus-by-hand';
import { closePage, signIn, storedToken } from './support/pages';
import { imageDrawn, openPayPage, payPage } from './support/pay-page';
import { expectShellOf } from './support/shell';
import { productSuite } from './support/suite';

/**
 * Every screen of every role's menu, and the public pages, checked against the WCAG A and AA
 * rules (support/accessible.ts). One signed-in page per role moves from screen to screen inside
 * the dashboard, so a role's run costs one sign-in.
 */

const suite = productSuite();

const menuPaths = (user: DemoUser) => [...new Set(MENUS_BY_HAND[ROLE_OF[user]].links.map((l) => l.split(' ').pop()!))];
/** The admin's screens outside the menu (its Admin group is in it), and the forms behind its lists' Create buttons. */
const ADMIN_EXTRA = [
  '/app/merchant-applications',
  '/app/approvals',
  '/app/merchant/create',
  '/app/vendor/create',
  '/app/bank-accounts/create',
  '/app/user/create',
];
const screensOf = (user: DemoUser) => [...menuPaths(user), ...(user === 'admin' ? ADMIN_EXTRA : [])];

/** Moves inside the running dashboard (a reload would cost a full start of the app) and lets it draw. */
const goWithin = (page: Page, path: string) =>
  page.evaluate(async (to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn)));
  }, path);

/** Waits until the screen has drawn: its path is shown and nothing is loading (a spinner is a progressbar). */
const settle = async (page: Page, path: string) => {
  await page.waitForURL((u) => u.pathname === path);
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { polling: 50 });
  // A record's show or edit view draws its fields a moment after its data arrives, with no
  // spinner in between: until then the main region holds nothing to focus, which axe would rightly
  // flag. Those views always have something to focus once drawn; if one did not, axe is the judge,
  // so this only waits. (Empty screens have nothing to focus: they are not waited for.)
  if (/\/(show|edit)$/.test(path))
    await page
      .waitForFunction(
        () =>
          document
            .querySelector('#main-content')
            ?.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])') != null,
        null,
        { polling: 50, timeout: 10_000 },
      )
      .catch(() => undefined);
};

type Target = string | ((token: string) => Promise<string>);

/** Goes to a path, or a path found with the page's token, waits for it to draw and judges it. */
const checkOn = async (page: Page, target: Target, who: string) => {
  const path = typeof target === 'string' ? target : await target((await storedToken(page))!);
  await goWithin(page, path);
  await settle(page, path);
  await expectAccessible(page, `${who} ${path}`);
};

/** One page for the public pages, judged one test each. */
const publicPage = (options: BrowserContextOptions) => {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await suite.openPage(options);
    await page.goto(`${suite.product.url}/`);
  });
  afterAll(async () => {
    if (page) await closePage(page);
  });
  return (path: string) => checkOn(page!, path, `visitor ${options.colorScheme}`);
};

/**
 * A user's walk: one page signed in once, moving from screen to screen inside the dashboard (a
 * reload would cost a full start of the app); every screen judged, and the broken ones listed
 * together. With `shell`, first the role's menu, top bar and logo (in English); in Hindi, the
 * language is chosen in the top bar first, as a person would.
 */
const walk = async (
  user: DemoUser,
  colorScheme: 'light' | 'dark',
  screens: Target[],
  shell: boolean,
  language: Language = 'English',
) => {
  const page = await suite.openPage({ colorScheme });
  try {
    await signIn(page, suite.product.url, user);
    if (shell) await expectShellOf(page, user, () => goWithin(page, '/app/deposit/all'));
    if (language !== 'English') await chooseLanguage(page, language);
    const who = `${user} ${colorScheme}${language === 'English' ? '' : ` ${language}`}`;
    const broken: string[] = [];
    for (const target of screens) await checkOn(page, target, who).catch((error: Error) => broken.push(error.message));
    expect(broken.join('\n\n')).toBe('');
  } finally {
    await closePage(page);
    // The language chosen is kept for the user (item 10): the files after this one see English.
    if (language !== 'English') await forgetPreferences(suite.product.url, user);
  }
};

/** The show and edit screens of a list's first record; a pay-out has a show view only. */
const RECORD_SCREENS = [
  ...[
    ['merchant', 'merchants'],
    ['vendor', 'vendors'],
    ['bank-accounts', 'bank-accounts'],
    ['user', 'users'],
  ].flatMap(([screen, api]) => ['show', 'edit'].map((view) => [`/app/${screen}/:id/${view}`, api] as const)),
  ['/app/withdrawal/all/:id/show', 'payouts'] as const,
];
const firstRecord = (pattern: string, api: string) => async (token: string) => {
  const { data } = await apiGet<{ data: { id: string | number }[] }>(suite.product.url, token, `/${api}?pageSize=1`);
  return pattern.replace(':id', encodeURIComponent(String(data[0].id)));
};

describe.each(['light', 'dark'] as const)('the public pages in %s mode', (colorScheme) => {
  const check = publicPage({ colorScheme });
  it.each(['/', '/forgot-password', '/reset-password', '/on-boarding'])('%s', check);
});

/**
 * Every screen of every role, two users at a time (maxConcurrency in vitest.config.ts): the browser
 * draws one user's screen while axe judges the other's, on two cores that one walk left a quarter
 * idle. The admin's dark walk follows its light one: one user's second sign-in would end its first.
 * Every screen once in Hindi too: the admin's screens are all of them, walked again after switching
 * the language in the top bar; each other role's own menu screens, switched the same way.
 */
describe.concurrent('every screen of every role', () => {
  const adminScreens = (): Target[] => [
    ...screensOf('admin'),
    ...RECORD_SCREENS.map(([pattern, api]) => firstRecord(pattern, api)),
  ];
  it.each(DEMO_USERS)(
    '%s: its menu, top bar and logo, and every screen it opens, in English and in Hindi (admin: dark too)',
    async (user) => {
      if (user !== 'admin') {
        await walk(user, 'light', screensOf(user), true);
        return walk(user, 'light', screensOf(user), false, 'हिन्दी');
      }
      await walk(user, 'light', adminScreens(), true);
      await walk(user, 'dark', adminScreens(), false);
      await walk(user, 'dark', adminScreens(), false, 'हिन्दी');
    },
    // About ninety screens for the admin, three times: a limit for a hang, not a speed check.
    600_000,
  );
});

/**
 * The customer's pay page of a new pay-in, before and after the customer proceeds. Last in the
 * file: the staff sign-in that makes the link ends the dashboard session of that user.
 */
describe.each([
  ['light', 'English'],
  ['dark', 'English'],
  ['light', 'हिन्दी'],
] as const)('the pay page in %s mode, in %s', (colorScheme, language) => {
  let page: Page | undefined;
  beforeAll(async () => {
    const token = await apiSignIn(suite.product.url, 'operations');
    const link = await paymentLink(suite.product.url, token, { merchantCode: 'BOLT', customerId: 'a11y-customer' });
    page = await suite.openPage({ colorScheme });
    await openPayPage(page, payPageUrl(suite.product.url, link));
    if (language !== 'English') await choosePayLanguage(page, language);
  });
  afterAll(async () => {
    if (page) await closePage(page);
  });

  it('/pay/{id} (INITIATED)', () => expectAccessible(page!, `visitor ${colorScheme} ${language} pay page, INITIATED`));

  it('/pay/{id} (ASSIGNED)', async () => {
    // The form is filled in English (the support names its fields so), then judged in the chosen language.
    if (language !== 'English') await choosePayLanguage(page!, 'English');
    const pay = payPage(page!);
    await pay.amount.fill('500');
    await pay.proceed.click();
    await pay.submitUtr.waitFor();
    await expect.poll(() => imageDrawn(pay.qr), { timeout: 10_000 }).toBe(true);
    if (language !== 'English') await choosePayLanguage(page!, language);
    await expectAccessible(page!, `visitor ${colorScheme} ${language} pay page, ASSIGNED`);
  });
});
