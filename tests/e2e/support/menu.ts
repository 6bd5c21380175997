import type { Locator, Page } from 'playwright-core';
import { sidebar } from './pages';

/** Tries at opening a screen, each waiting this long for its link and then for the address. */
const ATTEMPTS = 4;
const ATTEMPT_MS = 6_000;

/**
 * Opens a screen from the sidebar (or the given menu) as a person does, inside the running
 * dashboard (a page.goto would start the whole app again): its group is opened first when it is
 * closed. While the console starts, or after a language is chosen, it may draw its menu again (a
 * user's saved language or theme arriving): a group opened just before closes and a click lands on
 * a link being replaced and goes nowhere. A person would open it again, and so does this.
 */
export const openFromMenu = async (page: Page, path: string, group?: string, menu?: Locator) => {
  const nav = menu ?? (await sidebar(page));
  const link = nav.locator(`a[href="${path}"]`);
  for (let attempt = 1; ; attempt++) {
    try {
      if (group && !(await link.isVisible())) {
        const toggle = nav.getByRole('button', { name: group, exact: true });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click({ timeout: ATTEMPT_MS });
      }
      await link.click({ timeout: ATTEMPT_MS });
      await page.waitForURL((u) => u.pathname === path, { timeout: ATTEMPT_MS });
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
};
