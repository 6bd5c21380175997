import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROLE_OF, type DemoUser } from '../support/roles';
import { expectAccessible } from './support/accessible';
import { paidPayin } from './support/deposits';
import { MENUS_BY_HAND } from './support/menus-by-hand';
import { closePage, signIn } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 12: on a phone (390×844) no screen of any role scrolls sideways; what does not fit
 * scrolls inside its own box (a table's wrapper), never the page.
 */
const suite = productSuite();
const PHONE = { width: 390, height: 844 };
const USERS: DemoUser[] = ['admin', 'operations', 'merchant', 'vendor'];

const pathsOf = (user: DemoUser) => [...new Set(MENUS_BY_HAND[ROLE_OF[user]].links.map((l) => l.split(' ').pop()!))];

/** Moves inside the running dashboard and waits until nothing is loading. */
const open = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { polling: 50 });
};

/** How much wider than the screen the page is, and the widest element that makes it so. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return null;
    const culprit = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .sort((a, b) => a.getBoundingClientRect().width - b.getBoundingClientRect().width)[0];
    const name = culprit ? `${culprit.tagName.toLowerCase()}.${[...culprit.classList].slice(0, 2).join('.')}` : '?';
    return `${over} px too wide (${name})`;
  });

/** A list drawn as a table rather than cards: its path, or null. */
const tableList = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('.RaList-main') && document.querySelector('#main-content table') ? location.pathname : null,
  );

// The four walks run side by side, as the accessibility walk's do: each has its own page.
describe.concurrent('on a phone', () => {
  it.each(USERS)(
    'no screen of %s scrolls sideways at 390 px, every list is cards, axe finds nothing serious',
    async (user) => {
      const page = await suite.openPage({ viewport: PHONE });
      try {
        await signIn(page, suite.product.url, user);
        const wide: string[] = [];
        const tables: string[] = [];
        for (const path of pathsOf(user)) {
          await open(page, path);
          const too = await overflow(page);
          if (too) wide.push(`${path}: ${too}`);
          const table = await tableList(page);
          if (table) tables.push(table);
          // The cards and the drawer's button are judged as the tables are on a desktop.
          await expectAccessible(page, `${user} ${path} at 390 px`);
        }
        expect(wide).toEqual([]);
        expect(tables).toEqual([]);
      } finally {
        await closePage(page);
      }
    },
    // Four walks side by side over every screen: admin's, the longest, took 45–60 s beside other
    // work. A ceiling on a hang, not a speed check.
    120_000,
  );
});

describe('a list on a phone', () => {
  it('is cards with amount, status, order id, age and the action; its filters are in a drawer', async () => {
    const url = suite.product.url;
    const paid = await paidPayin(url, { merchantCode: 'ACME', customerId: 'e2e-phone', amount: 987 });
    const page = await suite.openPage({ viewport: PHONE });
    try {
      await signIn(page, url, 'operations');
      await open(page, '/app/deposit/all');
      const cards = page.getByRole('main').getByRole('listitem');
      await cards.first().waitFor();
      expect(await page.locator('#main-content table').count()).toBe(0);
      // The filters wait in a drawer: the list starts at the top of the screen.
      expect(await page.getByRole('main').getByLabel('UTR', { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.getByLabel('UTR', { exact: true }).fill(paid.utr);
      await page.waitForURL((u) => u.search.includes(paid.utr));
      await drawer.getByRole('button', { name: 'Show results' }).click();
      await drawer.waitFor({ state: 'detached' });
      await expect.poll(() => cards.count()).toBe(1);
      const card = cards.first();
      for (const text of ['₹987.00', 'Success', paid.merchantOrderId]) await card.getByText(text).first().waitFor();
      await card.getByText(/ago|now/).waitFor();
      await page
        .getByRole('button', { name: /^Filters/ })
        .getByText('1')
        .waitFor();
      await card.getByRole('link').first().click();
      await page.waitForURL(`**/app/deposit/all/${paid.id}/show`);
      expect(await overflow(page)).toBeNull();
    } finally {
      await closePage(page);
    }
  });
});

describe('the Dashboard on a phone', () => {
  it('keeps its filters in one row', async () => {
    const page = await suite.openPage({ viewport: PHONE });
    try {
      await signIn(page, suite.product.url, 'admin');
      await open(page, '/app/dashboard');
      const form = page.getByRole('main').getByRole('search');
      await form.waitFor();
      // One row: every control starts above the bottom of the shortest one.
      const oneRow = await form.evaluate((el) => {
        const boxes = [...el.children].map((child) => child.getBoundingClientRect());
        return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
      });
      expect(oneRow).toBe(true);
      expect(await overflow(page)).toBeNull();
    } finally {
      await closePage(page);
    }
  });
});

describe('a report on a phone', () => {
  it('shows each row as a card of labelled lines that opens its record', async () => {
    const url = suite.product.url;
    const paid = await paidPayin(url, { merchantCode: 'ACME', customerId: 'e2e-phone-report', amount: 654 });
    const page = await suite.openPage({ viewport: PHONE });
    try {
      await signIn(page, url, 'admin');
      await open(page, '/app/payin');
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
      const card = page.getByRole('main').getByRole('listitem').filter({ hasText: paid.merchantOrderId });
      await card.waitFor();
      expect(await page.locator('#main-content table').count()).toBe(0);
      // Every column of the table, labelled, in the card.
      for (const [label, value] of [
        ['Merchant Order Id', paid.merchantOrderId],
        ['Requested Amount', '₹654.00'],
        ['UTR', paid.utr],
        ['Status', 'Success'],
      ])
        expect(
          await card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent(),
        ).toBe(value);
      expect(await overflow(page)).toBeNull();
      await card.getByRole('link').click();
      await page.waitForURL(`**/app/deposit/all/${paid.id}/show`);
    } finally {
      await closePage(page);
    }
  });
});
