import type { Page } from 'playwright-core';

/** The dashboard's languages as the top bar's language menu names them, and their main menu's label. */
export const LANGUAGES = {
  English: { lang: 'en', mainMenu: 'Main menu' },
  हिन्दी: { lang: 'hi', mainMenu: 'मुख्य मेनू' },
} as const;
export type Language = keyof typeof LANGUAGES;

/** Chooses a language in the top bar, then waits until the menu reads in it. */
export const chooseLanguage = async (page: Page, language: Language) => {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Language|भाषा): / })
    .click();
  await page.getByRole('menuitem', { name: language, exact: true }).click();
  await page.getByRole('navigation', { name: LANGUAGES[language].mainMenu }).waitFor();
};

/** The pay page's own switch: English | हिन्दी, in the card's header. */
export const choosePayLanguage = async (page: Page, language: Language) => {
  await page
    .getByRole('group', { name: /^(Language|भाषा)$/ })
    .getByRole('button', { name: language, exact: true })
    .click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, LANGUAGES[language].lang);
};

export const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);
