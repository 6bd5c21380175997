import Fastify from 'fastify';
import pg from 'pg';
import { PreparingClient } from '../../server/db/prepared';
import { merchantByApiKey } from '../../server/services/merchants/merchant-api-keys';
import { createPayin } from '../../server/services/payins/payin-create';
import { newShortCode } from '../../server/services/payins/payin-steps';
import { onCleanup } from './cleanup';
import { SERVER_POOL, type Sent } from './large-floor';
import { capture } from './sql-probes';

/**
 * The same-SQL floor of pay-in creation (issue 15, item 2): a bare Fastify route, on a pool of the
 * product's size, that sends per request the statements the product sends for one creation by the
 * merchant of the request's X-Api-Key — captured from the services once per merchant (the key's
 * lookup, the order id's, the write) — in turn, with the request's order id and a fresh short code
 * in place of the captured ones. The captures create a pay-in each (order ids `capture`d with
 * `prefix`, taken out with the bench's).
 */
interface Captured {
  statements: Sent[];
  orderId: string;
  shortCode: string;
}

export interface CreateFloor {
  url: string;
  statements: number;
  close: () => Promise<void>;
}

export const startCreateFloor = async (url: string, keys: string[], prefix: string): Promise<CreateFloor> => {
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL, Client: PreparingClient });
  const made = new Map<string, Captured>();
  for (const [i, key] of keys.entries()) {
    const orderId = `${prefix}capture-${Date.now().toString(36)}-${i}`;
    let shortCode = '';
    const statements = await capture(pool, async (db) => {
      const merchant = await merchantByApiKey(db, key);
      const { row } = await createPayin(
        db,
        merchant,
        { merchantOrderId: orderId, customerId: 'cust-floor', amount: 500 },
        { urls: { allowPrivate: false }, actor: { userName: `merchant-api:${merchant.code}`, ip: '127.0.0.1' } },
      );
      shortCode = row.shortCode;
    });
    made.set(key, { statements, orderId, shortCode });
  }
  const app = Fastify({ logger: false });
  app.post('/floor/create', async (request, reply) => {
    const captured = made.get(String(request.headers['x-api-key']));
    if (!captured) return reply.code(404).send({ error: { code: 'NO_SUCH_KEY' } });
    const orderId = (request.body as { merchantOrderId: string }).merchantOrderId;
    const shortCode = newShortCode();
    const fresh = (v: unknown) => (v === captured.orderId ? orderId : v === captured.shortCode ? shortCode : v);
    const results: pg.QueryResult[] = [];
    for (const s of captured.statements) results.push(await pool.query(s.sql, s.params.map(fresh)));
    return reply.code(201).send({ data: results.map((r) => r.rows) });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = onCleanup('creation floor server', async () => {
    await app.close();
    await pool.end();
  });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    statements: made.get(keys[0])?.statements.length ?? 0,
    close,
  };
};
