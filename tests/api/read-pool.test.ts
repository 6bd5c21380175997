import http from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { poolOf, type Database } from '../../server/db';
import { openDatabase } from '../../server/database';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { openTestDatabase } from '../support/database';
import { assignedBank, assignedPayin, merchantKey, utrOf } from '../support/deposits';
import { signInAll, type DemoUser } from '../support/roles';
import { TEST_HASH_COST, callerOf, testConfig, type Call } from '../support/test-config';
import type { TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * Issue 32, item 7: boards, reports, their exports and the reconciliation read through the read pool, everything else
 * through the primary's. The "replica" here is a copy of the primary taken at the start and never
 * brought up to date (a replica infinitely behind), opened read-only: what a screen shows tells
 * which database answered it, and any write through the read pool would fail.
 */
let primary: Database;
let replica: Database;
let database: Database;
let app: App;
let call: Call;
let url: string;
let t: Record<DemoUser, string>;

const urlOf = (d: Database) => poolOf(d.db).options.connectionString!;

beforeAll(async () => {
  const template = inject('demoTemplate').name;
  [primary, replica] = await Promise.all([openTestDatabase(template), openTestDatabase(template)]);
  const readUrl = new URL(urlOf(replica));
  readUrl.searchParams.set('options', '-c default_transaction_read_only=on');
  database = await openDatabase(urlOf(primary), {
    size: 5,
    read: { url: readUrl.toString(), size: 2, statementTimeoutMs: 60_000 },
  });
  setPasswordHashCost(TEST_HASH_COST);
  app = await buildApp({ database, config: testConfig() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  call = callerOf(() => url);
  const login = async (userName: string) =>
    (await call('POST', '/v1/login', { body: { userName, password: DEMO_PASSWORD, override: true } })).body.data
      .accessToken as string;
  t = await signInAll({ login } as TestServer);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await Promise.all([primary?.close(), replica?.close()]);
});

/** A GET answered as text, its body left unread until asked (an export a slow client downloads). */
const slowGet = (path: string, token: string) =>
  new Promise<{ status: number; body: () => Promise<string> }>((resolve, reject) => {
    http
      .get(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.pause();
        const chunks: Buffer[] = [];
        const body = () =>
          new Promise<string>((done) => {
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(Buffer.concat(chunks).toString()));
            res.on('error', () => done(Buffer.concat(chunks).toString()));
            res.resume();
          });
        resolve({ status: res.statusCode!, body });
      })
      .on('error', reject);
  });

describe('the read pool', () => {
  it('holds its settings: read-only on this replica, its own statement timeout', async () => {
    const show = async (d: Database['db'], name: string) =>
      (await d.execute<Record<string, string>>(sql.raw(`SHOW ${name}`))).rows[0][name];
    expect(await show(database.readDb!, 'default_transaction_read_only')).toBe('on');
    expect(await show(database.readDb!, 'statement_timeout')).toBe('1min');
    expect(await show(database.db, 'default_transaction_read_only')).toBe('off');
    expect(await show(database.db, 'statement_timeout')).toBe('0');
  });

  it('serves boards, reports and their exports; money paths and sessions stay on the primary', async () => {
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const read = async () => ({
      dashboard: (await call('GET', '/v1/dashboard', { token: t.admin })).body,
      vendorBoard: (await call('GET', '/v1/vendor-board', { token: t.admin })).body,
      payinReport: (await call('GET', `/v1/reports/payins?from=${today}&to=${today}`, { token: t.admin })).body,
      accounts: (await call('GET', `/v1/reports/accounts?from=${today}&to=${today}`, { token: t.admin })).body,
      payinExport: (await call('GET', `/v1/reports/payins/export?from=${today}&to=${today}`, { token: t.admin })).body,
      accountsExport: (await call('GET', `/v1/reports/accounts/export?from=${today}&to=${today}`, { token: t.admin }))
        .body,
      // When it was checked changes; what it found does not.
      reconciliation: { ...(await call('GET', '/v1/reconciliation', { token: t.admin })).body.data, checkedAt: null },
    });
    const before = await read();
    expect(before.dashboard.data).toBeDefined();
    expect(before.payinReport.total).toBe(0);
    expect(before.reconciliation.clean).toBeDefined();

    // A pay-in paid on the primary (the merchant API, the pay page and a bank entry: all money paths).
    const s = { call, db: database.db } as TestServer;
    const p = await assignedPayin(s, await merchantKey(s, 'BOLT'), 700);
    const utr = utrOf(1);
    const entry = await call('POST', '/v1/bank-entries', {
      token: t.operations,
      body: { bankAccountId: await assignedBank(s, p.id), utr, amount: 700 },
    });
    expect(entry.status).toBe(201);
    expect((await call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } })).body.data.status).toBe('SUCCESS');
    const detail = await call('GET', `/v1/payins/${p.id}`, { token: t.admin });
    expect(detail.body.data.status).toBe('SUCCESS');

    // The replica never saw it: every board and report answers as before.
    const after = await read();
    expect(after).toEqual(before);
    expect(after.payinExport).not.toContain(p.shortCode);
  });

  it('lets ten stuck exports wait on the read pool while sign-ins and the users list go on', async () => {
    // Exports that cannot finish: a table they read is locked on both databases (one a sign-in
    // and the users' list never read), so wherever they run they hold their connections.
    const lockers = await Promise.all(
      [primary, replica].map(async (d) => {
        const client = new pg.Client({ connectionString: urlOf(d) });
        await client.connect();
        await client.query('BEGIN');
        await client.query('LOCK TABLE bank_accounts IN ACCESS EXCLUSIVE MODE');
        return client;
      }),
    );
    const names = [primary, replica].map((d) => new URL(urlOf(d)).pathname.slice(1));
    const exports = Array.from({ length: 10 }, () => slowGet('/v1/reports/payins/export', t.admin));
    // Not a locker's connection: inside its transaction, pg_stat_activity would stay as first read.
    const watcher = new pg.Client({ connectionString: urlOf(primary) });
    await watcher.connect();
    const waiting = async () =>
      (
        await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ANY($1) AND wait_event_type = 'Lock'`,
          [names],
        )
      ).rows[0].n;
    // As many as a pool gives out are stuck; the rest queue for one.
    let seen = -1;
    await until('the exports hold their connections', async () => {
      const n = await waiting();
      const steady = n >= 2 && n === seen;
      seen = n;
      return steady;
    });

    const signIn = await call('POST', '/v1/login', {
      body: { userName: 'vendor-operations', password: DEMO_PASSWORD, override: true },
    });
    expect(signIn.status).toBe(200);
    const users = await call('GET', '/v1/users', { token: t.admin });
    expect(users.status).toBe(200);

    await Promise.all(lockers.map((c) => c.query('ROLLBACK').then(() => c.end())));
    await watcher.end();
    const answered = await Promise.all(exports.map(async (e) => ({ ...(await e), text: await (await e).body() })));
    // An export that found the read pool full for five seconds is told so (503); none took a money connection.
    for (const a of answered) expect([200, 503]).toContain(a.status);
    expect(answered.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(2);
  });
});
