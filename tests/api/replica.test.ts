import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { poolOf, type Database } from '../../server/db';
import { openTestDatabase } from '../support/database';
import { merchantKey } from '../support/deposits';
import { startProduct, type Product } from '../support/product';
import type { TestServer } from '../support/server';
import { callerOf, type Call } from '../support/test-config';
import { until } from '../support/until';

/**
 * Issue 32, item 7 on a real streaming replica: a second cluster made from the test PostgreSQL with
 * pg_basebackup, following it by streaming replication. The product, started with READ_DATABASE_URL
 * at the replica, serves its reports from there and takes sign-ins and money on the primary.
 *
 * It needs the server's own binaries (Debian's, beside the test server) and the right to let
 * replication connections in (root, as on the project's machines and its CI): where either is
 * missing the file says so and skips.
 */
const base = inject('testDatabaseUrl');
const run = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe', timeout: 120_000 }).toString();

const sql1 = async <T extends pg.QueryResultRow>(url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const binDir = (() => {
  const root = '/usr/lib/postgresql';
  const found = fs.existsSync(root) ? fs.readdirSync(root).map((v) => path.join(root, v, 'bin')) : [];
  return found.find((d) => fs.existsSync(path.join(d, 'pg_basebackup')));
})();
const usable = binDir !== undefined && process.getuid?.() === 0 && new URL(base).hostname === '127.0.0.1';

let hbaFile = '';
let hbaBefore: string | undefined;
let dataDir = '';
let replicaPort = 0;
let primary: Database;
let product: Product;
let call: Call;

const primaryUrl = () => poolOf(primary.db).options.connectionString!;
const replicaUrl = () => {
  const url = new URL(primaryUrl());
  url.port = String(replicaPort);
  return url.toString();
};

beforeAll(async () => {
  if (!usable) return;
  primary = await openTestDatabase(inject('demoTemplate').name);
  // Replication connections from this machine, if the server's rules do not let them in yet.
  const [{ hba_file }] = await sql1<{ hba_file: string }>(base, 'SHOW hba_file');
  hbaFile = hba_file;
  const [{ n }] = await sql1<{ n: number }>(
    base,
    `SELECT count(*)::int AS n FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND error IS NULL`,
  );
  if (n === 0) {
    hbaBefore = fs.readFileSync(hbaFile, 'utf8');
    fs.appendFileSync(hbaFile, '\nhost replication all 127.0.0.1/32 trust\n');
    await sql1(base, 'SELECT pg_reload_conf()');
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-replica-'));
  fs.chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  fs.chmodSync(dataDir, 0o700);
  replicaPort = await freePort();
  const { hostname, port } = new URL(base);
  run(path.join(binDir!, 'pg_basebackup'), [
    '-h',
    hostname,
    '-p',
    port || '5432',
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // Debian keeps a cluster's configuration outside its data folder: the copy gets its own.
  const conf = `port = ${replicaPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dataDir}'\nhot_standby = on\n`;
  fs.writeFileSync(path.join(dataDir, 'postgresql.conf'), conf);
  fs.writeFileSync(path.join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  for (const f of ['postgresql.conf', 'pg_hba.conf']) execFileSync('chown', ['postgres', path.join(dataDir, f)]);
  run(path.join(binDir!, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
  await until('the replica is in recovery', async () => {
    const [{ r }] = await sql1<{ r: boolean }>(replicaUrl(), 'SELECT pg_is_in_recovery() AS r');
    return r;
  });

  product = await startProduct({
    env: { DATABASE_URL: primaryUrl(), READ_DATABASE_URL: replicaUrl(), REQUIRE_2FA_ROLES: 'none' },
  });
  call = callerOf(() => product.url);
}, 240_000);

afterAll(async () => {
  await product?.stop();
  if (dataDir && fs.existsSync(path.join(dataDir, 'postmaster.pid')))
    run(path.join(binDir!, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (hbaBefore !== undefined) {
    fs.writeFileSync(hbaFile, hbaBefore);
    await sql1(base, 'SELECT pg_reload_conf()');
  }
  await primary?.close();
}, 120_000);

const signIn = async (userName: string) => {
  const res = await call('POST', '/v1/login', { body: { userName, password: 'Demo@1234', override: true } });
  expect(res.status).toBe(200);
  return res.body.data.accessToken as string;
};

describe.skipIf(!usable)('a product with READ_DATABASE_URL at a streaming replica', () => {
  it('serves reports from the replica (new rows after the lag) and money from the primary', async () => {
    const admin = await signIn('admin');
    const operations = await signIn('operations');
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const report = async () =>
      (await call('GET', `/v1/reports/payins?from=${today}&to=${today}&pageSize=100`, { token: admin })).body;
    expect((await report()).total).toBe(0);

    // A pay-in created through the merchants' API: a write, on the primary.
    const key = await merchantKey({ db: primary.db } as TestServer, 'ACME');
    const payin = async (orderId: string) => {
      const created = await call('POST', '/v1/merchant-api/payins', {
        headers: { 'x-api-key': key },
        body: { merchantOrderId: orderId, customerId: 'c-1', amount: 250 },
      });
      expect(created.status).toBe(201);
      return created.body.data.id as string;
    };
    const first = await payin(`replica-${Date.now()}-1`);
    await until('the pay-in reaches the replica and its report', async () =>
      (await report()).data.some((r: { id: string }) => r.id === first),
    );

    // The replica's replay paused: the primary's list has the next pay-in, the report does not.
    await sql1(replicaUrl(), 'SELECT pg_wal_replay_pause()');
    try {
      const second = await payin(`replica-${Date.now()}-2`);
      const list = await call('GET', '/v1/payins?pageSize=100', { token: operations });
      expect(list.body.data.map((r: { id: string }) => r.id)).toContain(second);
      expect((await report()).data.map((r: { id: string }) => r.id)).not.toContain(second);
      expect((await call('GET', '/v1/dashboard', { token: admin })).status).toBe(200);
      await sql1(replicaUrl(), 'SELECT pg_wal_replay_resume()');
      await until('the replay catches up', async () =>
        (await report()).data.some((r: { id: string }) => r.id === second),
      );
    } finally {
      await sql1(replicaUrl(), 'SELECT pg_wal_replay_resume()').catch(() => undefined);
    }

    // Whose connections did what: the reports' pool is on the replica alone.
    const name = new URL(primaryUrl()).pathname.slice(1);
    const apps = async (url: string) =>
      (
        await sql1<{ application_name: string }>(
          url,
          `SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = '${name}' AND application_name LIKE 'payment-console%'`,
        )
      ).map((r) => r.application_name);
    expect(await apps(replicaUrl())).toEqual(['payment-console-reports']);
    expect(await apps(primaryUrl())).not.toContain('payment-console-reports');
  }, 180_000);
});
