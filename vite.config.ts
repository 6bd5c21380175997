import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenChunks } from './vite.chunks';
import { payPageConfig } from './vite.pay.config';

const apiPort = process.env.API_PORT ?? '8081';

/** The customer's pay page, /pay/{id}: the server answers it with pay.html, and so does the dev server. */
const PAY_PAGE = /^\/pay\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?(\?.*)?$/i;
const payPageInDev = (): Plugin => ({
  name: 'pay-page-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && PAY_PAGE.test(req.url)) req.url = '/pay.html';
      next();
    });
  },
});

/**
 * react-admin's packages each carry a copy of query-string 7 (the same version, in their own
 * node_modules): the build takes ra-core's for all of them rather than three copies.
 */
const RA_CORE = createRequire(import.meta.url).resolve('ra-core');
const oneQueryString = (): Plugin => ({
  name: 'one-query-string',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== 'query-string' || !importer || !/[\\/]node_modules[\\/]ra-(?!core[\\/])/.test(importer)) return null;
    return this.resolve(source, RA_CORE, { skipSelf: true });
  },
});

/**
 * MUI's ThemeProvider without its CSS-variable provider: the console's themes have no colour
 * schemes (src/shims/mui-theme-provider.tsx says why, and fails on a theme that has them).
 */
const THEME_PROVIDER = fileURLToPath(new URL('src/shims/mui-theme-provider.tsx', import.meta.url));
const plainThemeProvider = (): Plugin => ({
  name: 'plain-theme-provider',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== './ThemeProvider.js' || !importer) return null;
    return /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]index\.js$/.test(importer) ? THEME_PROVIDER : null;
  },
});

/**
 * MUI's createTheme for themes without CSS variables or colour schemes, the only kind the console
 * makes (src/theme.ts, src/layout/consoleTheme.ts, react-admin's defaults). MUI's own also carries
 * the CSS-variable theme maker (about 8 kB gzip on the sign-in page and every screen) for the
 * options that ask for it; here those options fail loudly rather than making a different theme.
 */
const CREATE_THEME = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]createTheme\.js$/;
const plainCreateTheme = (): Plugin => ({
  name: 'plain-create-theme',
  enforce: 'pre',
  load(id) {
    if (!CREATE_THEME.test(id)) return null;
    return [
      'import createThemeNoVars from "./createThemeNoVars.js";',
      'export default function createTheme(options = {}, ...args) {',
      '  if (options.cssVariables || "colorSchemes" in options) {',
      '    throw new Error("This build makes no theme with CSS variables or colour schemes (vite.config.ts).");',
      '  }',
      '  return createThemeNoVars(options, ...args);',
      '}',
    ].join('\n');
  },
});

/** After the dashboard's build, the pay page's own (vite.pay.config.ts) into the same folder. */
const payPageBuild = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'pay-page-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build(payPageConfig(outDir));
    },
  };
};

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** What index.html loads (the sign-in page) in one file, not six shared ones: gzip packs one file
 * tighter. Only modules the entry imports statically are taken, so it grows no larger. */
const START = { name: 'start', tags: ['$initial' as const] };

/** The console's build: its plugins, its entry and how its code is split, given extra groups. */
const consoleBuild = (groups: { name: string; priority: number; test: (id: string) => boolean }[]) =>
  ({
    plugins: [react(), oneQueryString(), plainThemeProvider(), plainCreateTheme()],
    resolve: {
      alias: { 'object.entries': fileURLToPath(new URL('src/shims/object-entries.cjs', import.meta.url)) },
    },
    build: {
      outDir: 'dist',
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        input: { main: fileURLToPath(new URL('index.html', import.meta.url)) },
        output: { codeSplitting: { groups: [{ ...START, priority: groups.length + 1 }, ...groups] } },
      },
    },
  }) satisfies InlineConfig;

/** An ADMIN's way to the Dashboard, and the Deposit list's parts, in few files (vite.chunks.ts). */
const firstScreens = firstScreenChunks(
  ROOT,
  [
    { name: 'console', from: 'src/App.tsx' },
    { name: 'shell', from: 'src/Shell.tsx' },
    { name: 'dashboard-parts', from: 'src/pages/dashboard/Dashboard.tsx', except: 'src/pages/dashboard' },
    { name: 'list-parts', from: 'src/resources/payins/PayinList.tsx', except: 'src/resources/payins' },
  ],
  () => consoleBuild([]),
);

const built = consoleBuild(firstScreens.groups);

export default defineConfig({
  ...built,
  plugins: [...built.plugins, payPageInDev(), payPageBuild(), firstScreens.plugin],
  server: {
    proxy: { '/v1': `http://127.0.0.1:${apiPort}` },
  },
});
