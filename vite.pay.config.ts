import { fileURLToPath } from 'node:url';
import type { InlineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The customer's pay page, built on its own (issue 33): its components are written against React's
 * API and run on Preact here (preact/compat, 4 kB instead of React DOM's 60), so the dashboard's
 * tests and dev server keep React while customers download a page of about 20 kB. It writes into
 * the dashboard's folder after the dashboard's build (vite.config.ts runs it).
 */
export const payPageConfig = (outDir = 'dist'): InlineConfig => ({
  configFile: false,
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  build: {
    outDir,
    emptyOutDir: false,
    rolldownOptions: {
      input: { pay: fileURLToPath(new URL('pay.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/pay-[hash].js',
        chunkFileNames: 'assets/pay-[name]-[hash].js',
        assetFileNames: 'assets/pay-[name]-[hash][extname]',
      },
    },
  },
  logLevel: 'warn',
});

export default payPageConfig();
