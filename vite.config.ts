import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), payPageInDev()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        pay: fileURLToPath(new URL('pay.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/v1': `http://127.0.0.1:${apiPort}` },
  },
});
