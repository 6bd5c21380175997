import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { DEMO_RETURN_PATH } from '../demo/demo-urls';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (orderId: string | undefined, status: string | undefined) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Back at the demo merchant</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{color:#16A34A;font-size:1.5rem}dt{font-weight:600;margin-top:.75rem}dd{margin:0;font-family:monospace}
p{color:#4b5563}</style></head>
<body><h1>Back at the demo merchant</h1>
${
  orderId
    ? `<dl><dt>Order id</dt><dd>${escapeHtml(orderId)}</dd><dt>Status</dt><dd>${escapeHtml(status ?? 'not given')}</dd></dl>`
    : '<p>No order id was passed back.</p>'
}
<p>This page stands in for the merchant's own site in the demo. A merchant believes a payment from its
signed callback or the merchant API, never from this address, which anyone can type.</p>
</body></html>
`;

/**
 * The demo merchants' return page (issue 13): where the pay page sends a customer who paid, with
 * the order id and status it passes back. Only in the demo, like the callback receiver.
 */
export const demoReturnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    DEMO_RETURN_PATH,
    {
      config: { access: { public: true } },
      schema: {
        hide: true,
        querystring: Type.Object({
          merchantOrderId: Type.Optional(Type.String({ maxLength: 100 })),
          status: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(request.query.merchantOrderId, request.query.status)),
  );
};
