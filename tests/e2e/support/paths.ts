// The project's root is defined once, beside the product process the suites start.
export { ROOT_DIR } from '../../support/product';
export const CHROMIUM_PATH = '/usr/bin/chromium';
