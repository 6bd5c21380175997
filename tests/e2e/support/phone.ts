import type { Page } from 'playwright-core';

/** Issue 31, item 12: the phone every "on a phone" check is made on. */
export const PHONE = { width: 390, height: 844 };

/** Moves inside the running dashboard and waits until nothing is loading. */
export const open = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { polling: 50 });
};

/**
 * How much wider than the screen the page is, the main area's own sideways scroll included (it
 * scrolls on its own, so the document alone would not tell), and the narrowest element that sticks
 * out: the leaf that makes it so.
 */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const main = document.querySelector<HTMLElement>('#main-content');
    const width = root.clientWidth;
    const over = Math.max(root.scrollWidth - width, main ? main.scrollWidth - main.clientWidth : 0);
    if (over <= 0) return null;
    const edge = main ? Math.min(width, main.getBoundingClientRect().right) : width;
    const culprit = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > edge + 1)
      .sort((a, b) => a.getBoundingClientRect().width - b.getBoundingClientRect().width)[0];
    const name = culprit ? `${culprit.tagName.toLowerCase()}.${[...culprit.classList].slice(0, 2).join('.')}` : '?';
    const text = culprit?.textContent?.trim().slice(0, 40) ?? '';
    return `${over} px too wide (${name} "${text}")`;
  });
