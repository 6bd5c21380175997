import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { canDo } from '../../domain/access';
import type { ConfirmationKind } from '../../domain/confirmations';
import type { Access } from '../../server/plugins/auth';
import { demoServerPerFile } from '../support/server';
import { runsFor } from '../support/depth';
import { DEMO_USERS, ROLE_OF, confirm, type DemoUser } from '../support/roles';
import { merchantKey } from '../support/deposits';
import { bodyFor, paramFor, type Schema } from '../support/fuzz-bodies';
import { startWriteLog, type Written } from '../support/write-log';

/**
 * Issue 15, item 5: every mutating /v1 route, sent hostile bodies and path parameters by every
 * role, answers below 500 in the house's error shape, leaks no stack or SQL, and writes nothing
 * when it refuses. The providers' webhooks are left out: provider-webhooks-fuzz.test.ts fuzzes
 * them with signed and forged bodies.
 */
const demo = demoServerPerFile({
  // Thousands of wrong passwords are sent: counted, but never enough to end the fuzzing sessions.
  maxFailedLogins: 1_000_000,
  authRateLimitPerMinute: 1_000_000,
  merchantApiRateLimitPerMinute: 1_000_000,
  payPageRateLimitPerMinute: 1_000_000,
});

const WEBHOOKS = /^\/v1\/webhooks\//;

/** The confirmation each sensitive route asks for (some only when the change touches what it guards). */
const CONFIRMS: Record<string, ConfirmationKind> = {
  'PUT /v1/merchants/:id': 'merchant.callback-urls',
  'PUT /v1/merchants/:id/enabled': 'merchant.toggle',
  'POST /v1/merchants/:id/rotate-key': 'merchant.rotate-keys',
  'DELETE /v1/merchants/:id': 'merchant.delete',
  'POST /v1/merchant-applications/:id/approve': 'merchant-application.approve',
  'PUT /v1/vendors/:id/enabled': 'vendor.toggle',
  'POST /v1/bank-accounts': 'bank-account.create',
  'PUT /v1/bank-accounts/:id': 'bank-account.numbers',
  'PUT /v1/bank-accounts/:id/flags': 'bank-account.toggle',
  'POST /v1/bank-accounts/:id/merchants': 'bank-account.link',
  'DELETE /v1/bank-accounts/:id/merchants': 'bank-account.link',
  'POST /v1/bank-accounts/:id/approve': 'bank-account.approve',
  'DELETE /v1/bank-accounts/:id': 'bank-account.delete',
  'PUT /v1/users/:id': 'user.access',
  'PUT /v1/users/:id/enabled': 'user.toggle',
  'POST /v1/users/:id/reset-password': 'user.reset-password',
  'POST /v1/bank-entries/:id/reset': 'bank-entry.reset',
  'POST /v1/payins/:id/confirm': 'payin.confirm',
  'POST /v1/payouts/:id/utr': 'payout.utr',
  'POST /v1/settlements/:id/approve': 'settlement.approve',
  'POST /v1/vendor-settlements/:id/approve': 'vendor-settlement.approve',
  'POST /v1/settlements/:id/reset': 'settlement.reset',
  'POST /v1/vendor-settlements/:id/reset': 'vendor-settlement.reset',
  'PUT /v1/providers/:provider': 'provider.update',
};

/** Routes that check a password or a code: a wrong one is counted and audited, which is a write on a 4xx by design. */
const CHECKS_SECRETS = new Set([
  'POST /v1/login',
  'POST /v1/login/two-factor',
  'POST /v1/login/two-factor/enrol',
  'POST /v1/reset-password',
  'POST /v1/change-password',
  'POST /v1/confirmations',
  'POST /v1/two-factor/confirm',
  'POST /v1/two-factor/disable',
]);
const countsGuess = (w: Written) =>
  w.tbl === 'auth_guards' || (w.tbl === 'audit_events' && w.op === 'INSERT' && /wrong|fail/i.test(w.action ?? ''));
/** A session's lastSeenAt is refreshed at most once a minute by whatever request comes (services/identity/auth.ts). */
const seenNow = (w: Written) => w.tbl === 'sessions' && w.op === 'UPDATE' && w.cols === 'last_seen_at';
/** Every request counts against its route's rate limit, refused or not: the counters are shared by all servers. */
const countsRequest = (w: Written) => w.tbl === 'rate_limit_counters';
/** A route that declares its confirmation spends it before its handler: a refused request has used it up. */
const spentConfirmation = (w: Written) => w.tbl === 'confirmation_uses' && w.op === 'INSERT';

const LEAKS = [
  '    at ',
  '.ts:',
  'SELECT ',
  'INSERT ',
  'UPDATE ',
  'syntax error',
  'relation "',
  'violates',
  'duplicate key',
  'invalid input syntax',
  'out of range',
  'value too long',
  'Failed query',
];

type Route = { method: string; url: string; access: Access };
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

let log: Awaited<ReturnType<typeof startWriteLog>>;
let schemas: Record<string, Schema | undefined>;
let apiKey: string;
/** Ids of real rows per first path segment, so that some requests reach past "not found". */
const real: Record<string, string[]> = {};
const confirmations = new Map<string, Record<string, string>>();

const rows = async (query: ReturnType<typeof sql>) =>
  (await demo.s.db.execute<{ id: string }>(query)).rows.map((r) => String(r.id));

beforeAll(async () => {
  const { s, t } = demo;
  apiKey = await merchantKey(s, 'BOLT');
  const doc = s.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: Schema }> } }>>;
  };
  schemas = {};
  for (const route of mutating()) {
    const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    schemas[key(route)] = op?.requestBody?.content?.['application/json']?.schema;
  }
  // A user of the fuzz's own: staff may disable or reset it without ending a demo user's session.
  const target = await rows(sql`INSERT INTO users (full_name, user_name, password_hash, role)
    SELECT 'Fuzz Target', 'fuzz-target', password_hash, 'OPERATIONS' FROM users WHERE user_name = 'admin' RETURNING id`);
  const firstIds = (table: string, where = 'true') =>
    rows(sql.raw(`SELECT id FROM ${table} WHERE ${where} ORDER BY id LIMIT 3`));
  Object.assign(real, {
    // BOLT keeps its key and stays enabled for the merchant API's part.
    merchants: await firstIds('merchants', `code <> 'BOLT'`),
    'merchant-applications': await firstIds('merchant_applications'),
    vendors: await firstIds('vendors'),
    'bank-accounts': await firstIds('bank_accounts'),
    users: target,
    'bank-entries': await firstIds('bank_entries'),
    settlements: await firstIds('settlements'),
    'vendor-settlements': await firstIds('vendor_settlements'),
    payins: await firstIds('payins'),
    pay: await firstIds('payins'),
    payouts: await firstIds('payouts'),
    'provider-events': await firstIds('provider_events'),
    providers: ['razorpay', 'cashfree', 'payu'],
  });
  // Confirmations are asked now, before wrong passwords make the demo users wait.
  for (const route of mutating())
    for (const user of DEMO_USERS) {
      const kind = CONFIRMS[key(route)];
      if (
        kind &&
        !confirmations.has(`${user} ${kind}`) &&
        'resource' in route.access &&
        canDo(ROLE_OF[user], route.access.resource, route.access.action)
      )
        confirmations.set(`${user} ${kind}`, await confirm(s, t[user], kind));
    }
  log = await startWriteLog(s.db);
}, 120_000);

/** The mutating routes of the access table, the webhooks left out; signing out last, as it ends the session. */
const mutating = (): Route[] =>
  demo.s.app.accessTable
    .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !WEBHOOKS.test(r.url))
    .sort((a, b) => Number(a.url === '/v1/logout') - Number(b.url === '/v1/logout'));

const requestFor = (route: Route) =>
  fc.record({
    params: fc.tuple(
      ...[...route.url.matchAll(/:(\w+)/g)].map(() => paramFor(real[route.url.split('/')[2]] ?? [])),
      fc.constant(''),
    ),
    body: bodyFor(schemas[key(route)]),
    confirmed: fc.boolean(),
  });

/** Sends one request and says what is wrong with the answer, if anything. */
const probe = async (
  route: Route,
  as: { user?: DemoUser; headers?: Record<string, string> },
  req: { params: string[]; body: unknown; confirmed: boolean },
) => {
  let i = 0;
  const path = route.url.replace(/:(\w+)/g, () => encodeURIComponent(req.params[i++]));
  const kind = CONFIRMS[key(route)];
  const headers = {
    ...as.headers,
    ...(req.confirmed && kind && as.user ? confirmations.get(`${as.user} ${kind}`) : {}),
  };
  const res = await demo.s.call(route.method, path, {
    token: as.user ? demo.t[as.user] : undefined,
    body: req.body,
    headers,
  });
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  const written = await log.since();
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  for (const leak of LEAKS) if (text.includes(leak)) problems.push(`leaks ${JSON.stringify(leak)}`);
  if (res.status >= 400) {
    if (typeof res.body?.error?.message !== 'string' || typeof res.body?.error?.code !== 'string')
      problems.push('answers outside the error shape');
    // A wrong merchant API key is counted against its address too (services/merchants/merchant-api-keys.ts).
    const checksSecret = CHECKS_SECRETS.has(key(route)) || 'merchantApi' in route.access;
    const unexpected = written.filter(
      (w) => !seenNow(w) && !countsRequest(w) && !spentConfirmation(w) && !(checksSecret && countsGuess(w)),
    );
    if (unexpected.length) problems.push(`wrote ${JSON.stringify(unexpected)} on a ${res.status}`);
  }
  if (problems.length)
    throw new Error(
      `${key(route)} ${path.slice(0, 120)} as ${as.user ?? 'nobody'}: ${problems.join('; ')}: ${res.status} ${text.slice(0, 300)}`,
    );
};

const fuzz = async (route: Route, as: Parameters<typeof probe>[1], numRuns: number) => {
  const result = await fc.check(
    fc.asyncProperty(requestFor(route), (req) => probe(route, as, req)),
    { numRuns, endOnFailure: true },
  );
  sent += result.numRuns;
  return result.failed
    ? String((result.errorInstance as Error)?.message ?? result.errorInstance).slice(0, 800)
    : undefined;
};

let sent = 0;

describe('fuzzing every mutating route', () => {
  it('leaves the webhooks only to their own fuzz', () => {
    const all = demo.s.app.accessTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(all.length - mutating().length).toBe(all.filter((r) => WEBHOOKS.test(r.url)).length);
    expect(log.tables).toBeGreaterThan(20);
  });

  it('signed-in routes, as every demo user', async () => {
    const problems: string[] = [];
    const note = (problem: string | undefined) => problem && problems.push(problem);
    for (const route of mutating().filter((r) => 'resource' in r.access))
      for (const user of DEMO_USERS) {
        const access = route.access as { resource: never; action: never };
        note(
          await fuzz(
            route,
            { user },
            canDo(ROLE_OF[user], access.resource, access.action) ? runsFor(14, 4) : runsFor(2, 1),
          ),
        );
      }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the merchant API, with a merchant key and with none', async () => {
    const problems: string[] = [];
    const note = (problem: string | undefined) => problem && problems.push(problem);
    for (const route of mutating().filter((r) => 'merchantApi' in r.access)) {
      note(await fuzz(route, { headers: { 'x-api-key': apiKey } }, runsFor(100, 25)));
      note(await fuzz(route, { headers: { 'x-api-key': 'pg_live_nobody' } }, runsFor(10, 3)));
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('public routes and the pay page, without a token', async () => {
    const problems: string[] = [];
    const note = (problem: string | undefined) => problem && problems.push(problem);
    for (const route of mutating().filter((r) => 'public' in r.access))
      note(await fuzz(route, {}, CHECKS_SECRETS.has(key(route)) ? runsFor(15, 5) : runsFor(40, 10)));
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(runsFor(2000, 500));
  }, 60_000);
});
