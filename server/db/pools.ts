import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PreparingClient } from './prepared';

/** How one pool is sized and held: its connections, and the longest one statement may run (unset: no limit). */
export interface PoolSettings {
  size?: number;
  statementTimeoutMs?: number;
}

/** The server's pools by name: `primary` (money, sessions, scope), `read` (reports, boards and their exports). */
export type PoolName = 'primary' | 'read';

const CONNECT_LIMIT_MS = 5_000;

/**
 * Each wait for a connection as it ends: ('wait', pool name, seconds, failed). A failed wait is
 * one that ran out of time (the request answers 503) or could not connect.
 */
export const poolWaits = new EventEmitter();

/** The pools open in this process, read at a metrics scrape (total, idle and waiting clients). */
export const openPools = new Set<{ name: PoolName; pool: pg.Pool }>();

type Checkout = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** A pool that reports how long each checkout waited (pg.Pool.query checks out through connect too). */
class MeasuredPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly poolName: PoolName,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Checkout): void;
  override connect(callback?: Checkout): Promise<pg.PoolClient> | void {
    const started = performance.now();
    const waited = (failed: boolean) =>
      poolWaits.emit('wait', this.poolName, (performance.now() - started) / 1000, failed);
    if (!callback)
      return super.connect().then(
        (client) => (waited(false), client),
        (error: unknown) => {
          waited(true);
          throw error;
        },
      );
    super.connect((error, client, done) => {
      waited(error !== undefined && error !== null);
      callback(error, client, done);
    });
  }
}

/**
 * A pool of PreparingClients (prepared.ts) named in pg_stat_activity by its role, so an operator
 * sees which pool a connection belongs to. The statement timeout is a startup parameter of each
 * connection: no extra round trip.
 */
export const newPool = (url: string, name: PoolName, { size, statementTimeoutMs }: PoolSettings): pg.Pool => {
  // While the database is down a request waits this long for a connection, then answers 503.
  const pool = new MeasuredPool(
    {
      connectionString: url,
      max: size,
      connectionTimeoutMillis: CONNECT_LIMIT_MS,
      Client: PreparingClient,
      application_name: name === 'primary' ? 'payment-console' : 'payment-console-reports',
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    },
    name,
  );
  // An idle connection ended by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  // Nor one in use whose socket dies between two queries of a transaction: that transaction fails
  // with its next query, and the pool drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const entry = { name, pool };
  openPools.add(entry);
  const end = pool.end.bind(pool);
  pool.end = (() => {
    openPools.delete(entry);
    return end();
  }) as pg.Pool['end'];
  return pool;
};
