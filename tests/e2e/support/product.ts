import { startProduct as start, type ProductOptions } from '../../support/product';

export type { Product } from '../../support/product';

/** The browser suites run what npm start runs: the server bundle, made by the global setup. */
export const startProduct = (opts: ProductOptions = {}) => start({ ...opts, bundled: true });
