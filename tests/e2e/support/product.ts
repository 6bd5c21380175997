// The browser suites run the same product process as the API's data-folder tests.
export { startProduct, type Product } from '../../support/product';
