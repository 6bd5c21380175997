import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../../server/db/after-commit';
import { assignedBank, assignedPayin, merchantKey, utrOf } from '../support/deposits';
import { signInAll, type DemoUser } from '../support/roles';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/** Issue 32, item 6: GET /metrics for whoever holds METRICS_TOKEN, and one log line a request. */
const TOKEN = 'metrics-token-for-the-tests-0123456789';

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  // Jobs run every fifth of a second here, so their turns show in the figures.
  s = await startServer({ metricsToken: TOKEN, jobIntervalMs: 200 }, { logger: { level: 'info', stream } });
  t = await signInAll(s);
});
afterAll(() => s?.close());

const scrape = async () => {
  const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return { text: await res.text(), type: res.headers.get('content-type') };
};

/** A series' value in the text format (0 when absent), e.g. `payin_status_entered_total{status="SUCCESS"}`. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('GET /metrics', () => {
  it('is refused without the token and absent when no token is configured', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    // A session's token is not the metrics' token.
    expect((await s.call('GET', '/metrics', { token: t.admin })).status).toBe(401);

    const plain = await startServer();
    try {
      const absent = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(absent.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern and status, and shows pools, jobs, callbacks and the event loop', async () => {
    const { id } = await assignedPayin(s, await merchantKey(s, 'ACME'), 300);
    expect((await s.call('GET', `/v1/payins/${id}`, { token: t.admin })).status).toBe(200);
    expect((await s.call('GET', `/v1/payins/${id}`, { token: t.merchant })).status).toBeGreaterThanOrEqual(403);
    expect((await s.call('GET', '/v1/dashboard', { token: t.admin })).status).toBe(200);
    await until('the expiry and the folds have run', async () => {
      const { text } = await scrape();
      return valueOf(text, 'job_runs_total{job="expiry"}') > 0 && valueOf(text, 'job_runs_total{job="folds"}') > 0;
    });

    const { text, type } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(text, 'http_requests_total{method="GET",route="/v1/payins/:id",status="200"}')).toBeGreaterThan(0);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/v1\/payins\/:id"/);
    expect(valueOf(text, 'http_requests_total{method="GET",route="/v1/dashboard",status="200"}')).toBeGreaterThan(0);
    // The pattern, never the address: no id makes a series of its own.
    expect(text).not.toContain(id);
    for (const pool of ['primary', 'read'])
      for (const state of ['total', 'idle', 'waiting'])
        expect(text).toContain(`db_pool_clients{pool="${pool}",state="${state}"}`);
    expect(valueOf(text, 'db_pool_wait_seconds_count{pool="primary"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'db_pool_wait_seconds_count{pool="read"}')).toBeGreaterThan(0);
    expect(text).toContain('job_failures_total');
    expect(text).toContain('job_run_duration_seconds_bucket{le="0.01",job="expiry"}');
    expect(text).toContain('nodejs_eventloop_lag_seconds ');
    const { rows } = await s.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM callbacks WHERE state = 'PENDING'`,
    );
    expect(valueOf(text, 'callbacks{state="pending"}')).toBe(rows[0].n);
    expect(text).toContain('callbacks{state="failed"}');
  });

  it('counts a pay-in entering SUCCESS once its transaction commits', async () => {
    const before = (await scrape()).text;
    const key = await merchantKey(s, 'BOLT');
    const p = await assignedPayin(s, key, 400);
    const utr = utrOf(3);
    const entry = await s.call('POST', '/v1/bank-entries', {
      token: t.operations,
      body: { bankAccountId: await assignedBank(s, p.id), utr, amount: 400 },
    });
    expect(entry.status).toBe(201);
    const paid = await s.call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } });
    expect(paid.body.data.status).toBe('SUCCESS');

    const after = (await scrape()).text;
    const delta = (status: string) =>
      valueOf(after, `payin_status_entered_total{status="${status}"}`) -
      valueOf(before, `payin_status_entered_total{status="${status}"}`);
    expect(delta('INITIATED')).toBe(1);
    expect(delta('ASSIGNED')).toBe(1);
    expect(delta('SUCCESS')).toBe(1);
  });

  it('runs after-commit work only for what committed (savepoints included)', async () => {
    const ran: string[] = [];
    await s.db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('outer'));
      await tx
        .transaction(async (sp) => {
          afterCommit(sp, () => ran.push('rolled back savepoint'));
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
      await tx.transaction(async (sp) => afterCommit(sp, () => ran.push('released savepoint')));
      expect(ran).toEqual([]);
    });
    await s.db
      .transaction(async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('undo');
      })
      .catch(() => undefined);
    afterCommit(s.db, () => ran.push('outside a transaction'));
    expect(ran).toEqual(['outer', 'released savepoint', 'outside a transaction']);
  });
});

describe('the request log', () => {
  it('writes one line a request, with method, route, status and duration', async () => {
    const { id } = await assignedPayin(s, await merchantKey(s, 'ACME'), 200);
    await s.call('GET', `/v1/payins/${id}`, { token: t.admin });
    const mine = lines.filter((l) => l.url === `/v1/payins/${id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', method: 'GET', route: '/v1/payins/:id', status: 200 });
    expect(typeof mine[0].durationMs).toBe('number');
    expect(typeof mine[0].reqId).toBe('string');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
