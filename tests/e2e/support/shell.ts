import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { sidebarFor } from '../../../domain/access';
import { ROLE_LABELS, type Role } from '../../../domain/roles';
import { ROLE_OF, type DemoUser } from '../../support/roles';
import { MENUS_BY_HAND } from './menus-by-hand';
import { menuLabels, menuLinks } from './pages';

/** The full name each demo user's top bar shows. */
const FULL_NAMES: Record<DemoUser, string> = {
  admin: 'Asha Admin',
  transactions: 'Tarun Transactions',
  operations: 'Omkar Operations',
  merchant: 'Meera Merchant',
  'merchant-admin': 'Manoj Merchant-Admin',
  'merchant-operations': 'Maya Merchant-Operations',
  vendor: 'Vikram Vendor',
  'vendor-operations': 'Varsha Vendor-Operations',
};

const sorted = (list: string[]) => [...list].sort();
const derivedLinks = (role: Role) => sidebarFor(role).flatMap((e) => e.items.map((i) => `${i.label} ${i.path}`));
const derivedLabels = (role: Role) =>
  sidebarFor(role).flatMap((e) => (e.group ? [e.label, ...e.items.map((i) => i.label)] : e.items.map((i) => i.label)));
const handLabels = (role: Role) => [
  ...MENUS_BY_HAND[role].groups,
  ...MENUS_BY_HAND[role].links.map((l) => l.slice(0, l.lastIndexOf(' '))),
];

/**
 * The shell of a signed-in page: exactly the menu of the user's role (as domain/access.ts derives it
 * and as written out by hand from the spec), the user's name and role in the top bar, and a logo
 * that links to the role's home screen. `leave` moves the page elsewhere before the logo is clicked.
 */
export const expectShellOf = async (page: Page, user: DemoUser, leave: () => Promise<void>) => {
  const role = ROLE_OF[user];
  const links = (await menuLinks(page)).map((l) => `${l.label} ${l.path}`);
  expect(sorted(links)).toEqual(sorted(derivedLinks(role)));
  expect(sorted(links)).toEqual(sorted(MENUS_BY_HAND[role].links));
  const labels = await menuLabels(page);
  expect(sorted(labels)).toEqual(sorted(derivedLabels(role)));
  expect(sorted(labels)).toEqual(sorted(handLabels(role)));

  const home = role === 'VENDOR' || role === 'VENDOR_OPERATIONS' ? '/app/vendor-board' : '/app/dashboard';
  const banner = page.getByRole('banner');
  await banner.getByTestId('page-title').waitFor();
  await banner.getByText(FULL_NAMES[user], { exact: true }).waitFor();
  await banner.getByText(ROLE_LABELS[role], { exact: true }).waitFor();
  const logo = page.getByRole('link', { name: 'Payment-Gateway', exact: true });
  expect(new URL((await logo.getAttribute('href')) ?? '', page.url()).pathname).toBe(home);
  await leave();
  await logo.click();
  await page.waitForURL((u) => u.pathname === home);
};
