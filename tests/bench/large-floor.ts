import Fastify from 'fastify';
import pg from 'pg';
import type { Db } from '../../server/db';
import { PreparingClient } from '../../server/db/prepared';
import type { TokenClaims } from '../../server/services/identity/auth';
import { activeSession } from '../../server/services/identity/session-check';
import { onCleanup } from './cleanup';
import { capture } from './sql-probes';

/**
 * The same-SQL floor of the large bench (issue 15, item 2): a bare Fastify server in this process
 * with a pg pool of the product's size on the same database. Each of its routes sends, per
 * request, exactly the statements the product's service sends for one request (captured), the
 * first `atOnceFrom` in turn and the rest at once as the service does, and answers their rows as
 * JSON. With ?session=1 it first sends the product's session check, as the named statement the
 * product prepares, for the product's cost when its session cache does not hold the session.
 */
export const SERVER_POOL = 10;

export interface Sent {
  sql: string;
  params: unknown[];
}
export interface FloorRoute {
  statements: Sent[];
  atOnceFrom: number;
}

export interface Floor {
  url: string;
  add: (name: string, route: FloorRoute) => void;
  close: () => Promise<void>;
}

export const startFloor = async (url: string, session: Sent): Promise<Floor> => {
  // Sent as the product sends them: prepared on each connection (server/db/prepared.ts).
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL, Client: PreparingClient });
  const routes = new Map<string, FloorRoute>();
  const app = Fastify({ logger: false });
  app.get('/floor/:name', async (request, reply) => {
    const route = routes.get((request.params as { name: string }).name);
    if (!route) return reply.code(404).send({ error: 'no such floor' });
    if ((request.query as { session?: string }).session === '1')
      await pool.query({ name: 'active_session', text: session.sql, values: session.params });
    const results: pg.QueryResult[] = [];
    for (const s of route.statements.slice(0, route.atOnceFrom)) results.push(await pool.query(s.sql, s.params));
    const rest = route.statements.slice(route.atOnceFrom);
    results.push(...(await Promise.all(rest.map((s) => pool.query(s.sql, s.params)))));
    return { data: results.map((r) => r.rows) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = onCleanup('large floor server', async () => {
    await app.close();
    await pool.end();
  });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    add: (name, route) => void routes.set(name, route),
    close,
  };
};

/** The claims inside a bearer token (already verified by the server that issued it). */
export const claimsOf = (token: string): TokenClaims =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as TokenClaims;

/** The session check's statement as the product sends it when its cache does not hold the session. */
export const sessionStatement = async (pool: pg.Pool, token: string): Promise<Sent> => {
  const sent = await capture(pool, (db) => activeSession(db, claimsOf(token)));
  const check = sent.find((s) => /from "sessions"/i.test(s.sql) && /^select/i.test(s.sql.trim()));
  if (!check) throw new Error(`the session check sent no SELECT on sessions: ${sent.map((s) => s.sql).join(' | ')}`);
  return check;
};

/**
 * Counts what the product's pool is sent while `work` runs: the statements, and those of them that
 * are the session check. The ORM sends every statement through pool.query.
 */
export const countSent = async (db: Db, work: () => Promise<void>) => {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const original = pool.query;
  const texts: string[] = [];
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    texts.push(typeof first === 'string' ? first : (first.text ?? first.name ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    await work();
  } finally {
    pool.query = original;
  }
  return { statements: texts.length, sessionChecks: texts.filter((t) => /from "sessions"/i.test(t)).length };
};
