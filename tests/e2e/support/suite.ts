import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { openPage, withPage } from './pages';
import { startProduct } from './product';
import type { ProductOptions } from '../../support/product';

/**
 * A browser for a test file, on the product the run's files share (global-setup.ts), or on a
 * product of its own when the file needs settings the shared one cannot have (`own`: started before
 * its tests and stopped after).
 */
export const productSuite = (own?: ProductOptions) => {
  let product: { url: string; stop?: () => Promise<unknown> } | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = own ? await startProduct(own) : { url: inject('productUrl') };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop?.();
  });
  return {
    get product(): { url: string } {
      if (!product) throw new Error('the product is not started yet');
      return product;
    },
    withPage: (run: (page: Page) => Promise<void>) => withPage(browser!, run),
    /** A page in a fresh context that the caller closes (closePage), for steps that share one page. */
    openPage: (options?: BrowserContextOptions) => openPage(browser!, options),
  };
};
