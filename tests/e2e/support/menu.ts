import type { Page } from 'playwright-core';
import { sidebar } from './pages';

/** Tries at clicking a screen's link, each waiting this long for it to be clickable. */
const ATTEMPTS = 4;
const ATTEMPT_MS = 5_000;

/**
 * Opens a screen from the sidebar as a person does, inside the running dashboard (a page.goto
 * would start the whole app again): its group is opened first when it is closed. While the console
 * starts it may draw its menu again (a user's saved language or theme arriving), which closes a
 * group opened just before; a person would open it again, and so does this.
 */
export const openFromMenu = async (page: Page, path: string, group?: string) => {
  const nav = await sidebar(page);
  const link = nav.locator(`a[href="${path}"]`);
  for (let attempt = 1; ; attempt++) {
    if (group && !(await link.isVisible())) {
      const toggle = nav.getByRole('button', { name: group, exact: true });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    }
    try {
      await link.click({ timeout: ATTEMPT_MS });
      break;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
  await page.waitForURL((u) => u.pathname === path);
};
