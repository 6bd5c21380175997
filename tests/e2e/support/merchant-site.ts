import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  headers: Record<string, string>;
  /** The body exactly as received: a signature is over these bytes. */
  body: string;
}

export interface MerchantSite {
  url: string;
  /** Every POST received, oldest first. */
  deliveries: Delivery[];
  close: () => Promise<void>;
}

export const RETURN_PAGE_TITLE = 'Back at the shop';

const headersOf = (req: http.IncomingMessage) =>
  Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));

/**
 * A merchant's site on 127.0.0.1: it records the callbacks posted to it (answering 200) and
 * serves a page for any GET, where a customer lands back after paying.
 */
export const startMerchantSite = async (): Promise<MerchantSite> => {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST') {
        deliveries.push({ path: req.url ?? '', headers: headersOf(req), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><title>${RETURN_PAGE_TITLE}</title><h1>${RETURN_PAGE_TITLE}</h1></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
