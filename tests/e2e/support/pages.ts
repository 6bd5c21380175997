import { until } from '../../support/until';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo@1234';

const IN_APP = (u: URL) => u.pathname.startsWith('/app/');

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The login form of SPEC §2 (TextFields "User Name" and "Password", button "Login"). */
export const loginForm = (page: Page) => ({
  userName: page.getByLabel(/^User Name(\s*\*)?$/),
  password: page.getByLabel(/^Password(\s*\*)?$/),
  submit: page.getByRole('button', { name: 'Login', exact: true }),
});

/** Signs in through the login screen, ending another session of the user if one is asked about. */
export const signIn = async (page: Page, url: string, userName: string, password = DEMO_PASSWORD) => {
  await page.goto(`${url}/`);
  const form = loginForm(page);
  await form.userName.fill(userName);
  await form.password.fill(password);
  await form.submit.click();

  const proceed = page.getByRole('button', { name: 'Continue', exact: true });
  const landed = page.waitForURL(IN_APP).then(() => 'app' as const);
  const asked = proceed.waitFor().then(() => 'dialog' as const);
  landed.catch(() => undefined);
  asked.catch(() => undefined);
  if ((await Promise.race([landed, asked])) === 'dialog' && !IN_APP(new URL(page.url()))) {
    await proceed.click();
    await page.waitForURL(IN_APP);
  }
};

/** The sidebar: the navigation labelled "Main menu", or else the page's navigation landmark. */
export const sidebar = async (page: Page): Promise<Locator> => {
  const labelled = page
    .getByRole('navigation', { name: 'Main menu' })
    .or(page.getByLabel('Main menu', { exact: true }));
  await labelled.or(page.getByRole('navigation')).first().waitFor();
  return (await labelled.count()) > 0 ? labelled.first() : page.getByRole('navigation').first();
};

const LOGO = 'Payment-Gateway';

/** Menu entries are links (a[href]); the logo, when it sits in the sidebar, is not one of them. */
const menuLinkLocator = (nav: Locator) => nav.locator('a[href]').visible().filter({ hasNotText: LOGO });
const groupToggles = (nav: Locator) =>
  nav.locator('[aria-expanded]:not(a[href]), button, [role="button"]:not(a[href])').visible();

/**
 * Waits until the sidebar shows what is named (until, not expect.poll: the accessibility walk's users
 * run as concurrent tests, where the global expect.poll fails "must be called inside a test").
 */
const sidebarShows = (what: string, holds: () => Promise<boolean>) => until(`the sidebar ${what}`, holds, 5_000);

/** Opens every closed group of the sidebar; a group without aria-expanded is judged by what clicking it shows. */
const expandGroups = async (nav: Locator) => {
  const links = menuLinkLocator(nav);
  const toggles = groupToggles(nav);
  const n = await toggles.count();
  for (let i = 0; i < n; i += 1) {
    const toggle = toggles.nth(i);
    const state = await toggle.getAttribute('aria-expanded');
    if (state === 'true') continue;
    const before = await links.count();
    await toggle.click();
    if (state === 'false') {
      await sidebarShows(
        'marked an opened group expanded',
        async () => (await toggle.getAttribute('aria-expanded')) === 'true',
      );
      await sidebarShows("showed an opened group's links", async () => (await links.count()) > before);
      continue;
    }
    await sidebarShows('changed its links when a group was clicked', async () => (await links.count()) !== before);
    if ((await links.count()) < before) {
      await toggle.click();
      await sidebarShows("showed a reopened group's links", async () => (await links.count()) > before);
    }
  }
};

export interface MenuLink {
  label: string;
  path: string;
}

/** The sidebar's links, every group expanded: label and target path, in document order. */
export const menuLinks = async (page: Page): Promise<MenuLink[]> => {
  const nav = await sidebar(page);
  await expandGroups(nav);
  const links = await menuLinkLocator(nav).all();
  return Promise.all(
    links.map(async (link) => ({
      label: (await link.innerText()).trim(),
      path: new URL((await link.getAttribute('href')) ?? '', page.url()).pathname,
    })),
  );
};

/** The visible labels of the sidebar, group headings and items, every group expanded, in document order. */
export const menuLabels = async (page: Page): Promise<string[]> => {
  const nav = await sidebar(page);
  await expandGroups(nav);
  const labels = await menuLinkLocator(nav).or(groupToggles(nav)).allInnerTexts();
  return labels.map((text) => text.trim()).filter(Boolean);
};

/** A toast with the given text, in the live region where toasts are announced. */
export const toast = (page: Page, text: string | RegExp, options: { exact?: boolean } = {}) =>
  page.locator('[role="status"], [aria-live="polite"], [aria-live="assertive"]').getByText(text, options).first();

export const storedKeys = (page: Page) => page.evaluate(() => Object.keys(window.localStorage));
export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));

/** A page in a fresh context (own local storage), with bounded waits so a failure names what it waited for. */
export const openPage = async (browser: Browser, options: BrowserContextOptions = {}): Promise<Page> => {
  const context = await browser.newContext(options);
  // A ceiling, not a speed check: on CI the browser files run beside the deep API files on two
  // cores, and a list's first draw after a cold page load once took over 15 s there.
  context.setDefaultTimeout(25_000);
  context.setDefaultNavigationTimeout(30_000);
  return context.newPage();
};

export const closePage = (page: Page) => page.context().close();

/** Runs a step in a fresh page and closes its context afterwards, pass or fail. */
export const withPage = async (browser: Browser, run: (page: Page) => Promise<void>) => {
  const page = await openPage(browser);
  try {
    await run(page);
  } finally {
    await closePage(page);
  }
};
