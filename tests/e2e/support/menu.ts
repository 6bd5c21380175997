import type { Page } from 'playwright-core';
import { sidebar } from './pages';

/**
 * Opens a screen from the sidebar as a person does, inside the running dashboard (a page.goto
 * would start the whole app again): its group is opened first when it is closed.
 */
export const openFromMenu = async (page: Page, path: string, group?: string) => {
  const nav = await sidebar(page);
  const link = nav.locator(`a[href="${path}"]`);
  if (group && !(await link.isVisible())) {
    const toggle = nav.getByRole('button', { name: group, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await link.click();
  await page.waitForURL((u) => u.pathname === path);
};
