import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canDo } from '../../domain/access';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, ROLE_OF, signInAll, type DemoUser } from '../support/roles';

const DENIED = 'You do not have access to this screen.';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

describe('every /v1 route × every role', () => {
  it('answers 403 exactly to the roles the policy tables refuse, and to nobody else', async () => {
    const routes = s.app.accessTable.filter((r) => 'resource' in r.access && r.url !== '/v1/logout');
    expect(routes.length).toBeGreaterThan(25);
    const mismatches: string[] = [];
    for (const route of routes) {
      const access = route.access as { resource: Parameters<typeof canDo>[1]; action: Parameters<typeof canDo>[2] };
      const path = route.url.replace(':id', access.resource === 'audit-events' ? '1' : SOME_ID);
      for (const user of DEMO_USERS) {
        const body = ['POST', 'PUT', 'DELETE'].includes(route.method) ? {} : undefined;
        const res = await s.call(route.method, path, { token: t[user], body });
        const refused = res.status === 403 && res.body?.error?.message === DENIED;
        const allowed = canDo(ROLE_OF[user], access.resource, access.action);
        if (refused === allowed)
          mismatches.push(`${route.method} ${route.url} as ${user}: ${res.status} ${res.body?.error?.message ?? ''}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses every non-public route without a token', async () => {
    for (const route of s.app.accessTable.filter((r) => 'resource' in r.access)) {
      const res = await s.call(route.method, route.url.replace(':id', SOME_ID), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(`${route.method} ${route.url} ${res.status}`).toBe(`${route.method} ${route.url} 401`);
    }
  });
});
