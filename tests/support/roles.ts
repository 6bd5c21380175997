import { DEMO_USERS as SEEDED } from '../../server/demo/seed';
import type { ConfirmationKind } from '../../domain/confirmations';
import type { Role } from '../../domain/roles';
import type { TestServer } from './server';

export const DEMO_USERS = [
  'admin',
  'transactions',
  'operations',
  'merchant',
  'merchant-admin',
  'merchant-operations',
  'vendor',
  'vendor-operations',
] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** The role of each demo user, as the seed gives it. */
export const ROLE_OF = Object.fromEntries(SEEDED.map(([userName, , role]) => [userName, role])) as Record<
  DemoUser,
  Role
>;

/** Signs every demo user in once; returns their tokens. */
export const signInAll = async (s: TestServer) => {
  const tokens = {} as Record<DemoUser, string>;
  for (const user of DEMO_USERS) tokens[user] = await s.login(user);
  return tokens;
};

/** A fresh password confirmation of one kind for a signed-in user (the X-Confirmation header of sensitive actions). */
let typing: Promise<unknown> = Promise.resolve();
export const confirm = async (s: TestServer, token: string, kind: ConfirmationKind, password = 'Demo@1234') => {
  // One at a time, as a person types a password: parallel checks of one user count as guesses in flight.
  const asked = typing.then(() => s.call('POST', '/v1/confirmations', { token, body: { password, action: kind } }));
  typing = asked.catch(() => undefined);
  const res = await asked;
  if (res.status !== 200) throw new Error(`confirmation: ${res.status} ${JSON.stringify(res.body)}`);
  return { 'x-confirmation': res.body.data.confirmation as string };
};

/** POST /v1/{resource}/{id}/approve as `token`, the password typed first (issue 29: money leaves on it). */
export const approveSettlementAs = async (
  s: TestServer,
  token: string,
  resource: 'settlements' | 'vendor-settlements',
  id: string,
  body: Record<string, unknown>,
) =>
  s.call('POST', `/v1/${resource}/${id}/approve`, {
    token,
    body,
    headers: await confirm(s, token, resource === 'settlements' ? 'settlement.approve' : 'vendor-settlement.approve'),
  });

/**
 * Frees a used bank entry as four eyes have it (issue 29): an ADMIN asks (202 unless refused), then
 * TRANSACTIONS completes it. Answers the first refusal, or the checker's answer.
 */
export const resetEntryByTwo = async (s: TestServer, t: Record<string, string>, entryId: string) => {
  const path = `/v1/bank-entries/${entryId}/reset`;
  const asked = await s.call('POST', path, { token: t.admin, headers: await confirm(s, t.admin, 'bank-entry.reset') });
  if (asked.status !== 202) return asked;
  return s.call('POST', path, { token: t.transactions, headers: await confirm(s, t.transactions, 'bank-entry.reset') });
};
