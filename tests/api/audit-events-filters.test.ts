import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../server/services/common/csv';
import { COUNT_CAP } from '../../server/services/common/lists';
import { startServer, type TestServer } from '../support/server';
import { signInAll, type DemoUser } from '../support/roles';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

const list = async (query: string) => s.call('GET', `/v1/audit-events?pageSize=100&${query}`, { token: t.admin });
const actors = async (query: string) =>
  (await list(query)).body.data.map((e: { actorName: string }) => e.actorName).sort();

describe('the IST day range', () => {
  beforeAll(async () => {
    // IST is UTC+5:30: 18:30Z is midnight of the next IST day.
    await s.db.execute(sql`
      insert into audit_events (actor_name, action, entity, entity_id, at) values
        ('oct-31-last', 'update', 'users', 'ist-day', '2026-10-31T18:29:59Z'),
        ('nov-01-first', 'update', 'users', 'ist-day', '2026-10-31T18:30:00Z'),
        ('nov-23-last', 'update', 'users', 'ist-day', '2026-11-23T18:29:59.999Z'),
        ('nov-24-first', 'update', 'users', 'ist-day', '2026-11-23T18:30:00Z')`);
  });

  it('takes whole IST calendar days, from the first day’s midnight to the midnight after the last', async () => {
    expect(await actors('entityId=ist-day&from=2026-11-01&to=2026-11-23')).toEqual(['nov-01-first', 'nov-23-last']);
    expect(await actors('entityId=ist-day&from=2026-10-31&to=2026-10-31')).toEqual(['oct-31-last']);
    expect(await actors('entityId=ist-day&from=2026-11-24')).toEqual(['nov-24-first']);
    expect(await actors('entityId=ist-day&to=2026-10-31')).toEqual(['oct-31-last']);
  });

  it('refuses an instant or a day that is not a date', async () => {
    expect((await list('from=2026-11-01T00:00:00Z')).status).toBe(400);
    expect((await list('to=2026-13-01')).status).toBe(400);
  });
});

describe('the action and entity filters', () => {
  it('take comma-joined lists, and refuse values the log never records', async () => {
    await s.db.execute(sql`
      insert into audit_events (actor_name, action, entity, entity_id) values
        ('lists', 'enable', 'users', 'lists'), ('lists', 'disable', 'vendors', 'lists'),
        ('lists', 'disable', 'bank-accounts', 'lists'), ('lists', 'create', 'users', 'lists')`);
    const pairs = async (query: string) =>
      (await list(`entityId=lists&${query}`)).body.data
        .map((e: { action: string; entity: string }) => `${e.action} ${e.entity}`)
        .sort();
    expect(await pairs('action=enable,disable&entity=users,vendors')).toEqual(['disable vendors', 'enable users']);
    expect(await pairs('action=disable')).toEqual(['disable bank-accounts', 'disable vendors']);
    expect(await pairs('entity=users')).toEqual(['create users', 'enable users']);
    expect((await list('action=create,explode')).status).toBe(400);
    expect((await list('entity=dashboard')).status).toBe(400);
  });
});

describe('exporting many events', () => {
  it('walks past one batch by key, with ties on the time, every event once and newest first', async () => {
    const total = EXPORT_BATCH + 500;
    await s.db.execute(sql`
      insert into audit_events (actor_name, action, entity, entity_id, at)
      select 'bulk-exporter', 'update', 'merchants', 'bulk-' || g,
        timestamptz '2025-01-01T00:00:00Z' + (g % 2) * interval '1 microsecond'
      from generate_series(1, ${total}) g`);
    const res = await s.call('GET', '/v1/audit-events/export?actorName=bulk-exporter&sortOrder=desc', {
      token: t.admin,
    });
    const ids = (res.body as string)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[5]);
    const expected = (
      (await s.db.execute(
        sql`select entity_id from audit_events where actor_name = 'bulk-exporter' order by at desc, id desc`,
      )) as any
    ).rows.map((r: any) => r.entity_id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual(expected);
  });
});

describe('counting a long log', () => {
  it(`stops at ${COUNT_CAP} events and says so, like the money lists`, async () => {
    await s.db.execute(sql`
      insert into audit_events (actor_name, action, entity, entity_id)
      select 'cap-counter', 'update', 'merchants', 'cap-' || g from generate_series(1, ${COUNT_CAP + 1}) g`);
    const capped = await list('actorName=cap-counter');
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.body.data).toHaveLength(100);
    await s.db.execute(sql`delete from audit_events where entity_id = 'cap-1'`);
    const exact = await list('actorName=cap-counter');
    expect(exact.body.total).toBe(COUNT_CAP);
    expect(exact.body).not.toHaveProperty('totalCapped');
    // A page past the end has no rows to carry the total: it is counted alone.
    expect((await list('actorName=cap-counter&page=11')).body).toMatchObject({ data: [], total: COUNT_CAP });
  });
});
