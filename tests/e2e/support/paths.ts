import { fileURLToPath } from 'node:url';

export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';
