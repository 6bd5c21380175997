import { startProduct as start, type ProductOptions } from '../../support/product';

export type { Product } from '../../support/product';

/** The browser suites run what npm start runs: the server bundle, made by the global setup. */
export const startProduct = (opts: ProductOptions = {}) => start({ ...opts, bundled: true });

/**
 * The shared product's settings: it calls back to this machine (the merchant sites the files start
 * listen on 127.0.0.1), and its callback worker runs.
 */
export const SHARED_PRODUCT_ENV = { ALLOW_PRIVATE_CALLBACK_URLS: '1', CALLBACK_WORKER: '1' };
