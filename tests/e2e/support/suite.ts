import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { openPage, withPage } from './pages';
import { startProduct, type Product } from './product';
import type { ProductOptions } from '../../support/product';

/** One real product and one browser for a test file, started before its tests and stopped after. */
export const productSuite = (options: ProductOptions = {}) => {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await startProduct(options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  return {
    get product(): Product {
      if (!product) throw new Error('the product is not started yet');
      return product;
    },
    withPage: (run: (page: Page) => Promise<void>) => withPage(browser!, run),
    /** A page in a fresh context that the caller closes (closePage), for steps that share one page. */
    openPage: (options?: BrowserContextOptions) => openPage(browser!, options),
  };
};
