import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, signInAll, type DemoUser } from '../support/roles';

const DENIED = 'You do not have access to this screen.';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/*
 * Who may call what, typed by hand from SPEC §6 (menus hidden per role, read as policy by
 * DESIGN §6) and the write rules the product chose; deliberately not derived from domain/.
 *   Merchant screen: hidden from MERCHANT, MERCHANT_OPERATIONS, OPERATIONS and both vendor roles.
 *   Vendor screen: hidden from everyone but ADMIN and TRANSACTIONS.
 *   Bank Accounts: hidden from the three merchant roles.
 *   Approving a new pay-in bank account: the roles that add them (maker-checker between two of their users).
 *   User: hidden from MERCHANT_OPERATIONS, OPERATIONS and VENDOR_OPERATIONS.
 *   The merchant list: the six roles SPEC §6 names. Applications and the audit log: ADMIN.
 *   Creating users: the roles with sub-role choices (SPEC §6), TRANSACTIONS by the default row.
 */
const EVERYONE: readonly DemoUser[] = DEMO_USERS;
const ADMIN: readonly DemoUser[] = ['admin'];
const MERCHANT_SCREEN: readonly DemoUser[] = ['admin', 'transactions', 'merchant-admin'];
const MERCHANT_WRITERS: readonly DemoUser[] = ['admin', 'merchant-admin'];
const VENDOR_SCREEN: readonly DemoUser[] = ['admin', 'transactions'];
const BANK_SCREEN: readonly DemoUser[] = ['admin', 'transactions', 'operations', 'vendor', 'vendor-operations'];
const BANK_WRITERS: readonly DemoUser[] = ['admin', 'transactions'];
const BANK_TOGGLERS: readonly DemoUser[] = ['admin', 'transactions', 'operations'];
const PAYIN_STAFF: readonly DemoUser[] = ['admin', 'transactions', 'operations'];
const PAYOUT_PROCESSORS: readonly DemoUser[] = ['admin', 'transactions', 'operations', 'vendor', 'vendor-operations'];
const ENTRY_SCREEN: readonly DemoUser[] = ['admin', 'transactions', 'operations', 'vendor', 'vendor-operations'];
const USER_SCREEN: readonly DemoUser[] = ['admin', 'transactions', 'merchant', 'merchant-admin', 'vendor'];
/** Settlements and ChargeBack: hidden from OPERATIONS, MERCHANT_OPERATIONS and both vendor roles; Vendor Settlements from the merchant roles and OPERATIONS. */
const SETTLEMENT_SCREEN: readonly DemoUser[] = ['admin', 'transactions', 'merchant', 'merchant-admin'];
const VENDOR_SETTLEMENT_SCREEN: readonly DemoUser[] = ['admin', 'transactions', 'vendor', 'vendor-operations'];
const SETTLERS: readonly DemoUser[] = ['admin', 'transactions'];
/** Vendor Board: hidden from the merchant roles and OPERATIONS. */
const VENDOR_BOARD: readonly DemoUser[] = ['admin', 'transactions', 'vendor', 'vendor-operations'];
/** Vendor Payins and Vendor Payouts: hidden from the three merchant roles. */
const VENDOR_ROW_REPORT: readonly DemoUser[] = ['admin', 'transactions', 'operations', 'vendor', 'vendor-operations'];
/** Accounts: hidden from OPERATIONS, MERCHANT_OPERATIONS and both vendor roles. */
const ACCOUNTS_REPORT: readonly DemoUser[] = ['admin', 'transactions', 'merchant', 'merchant-admin'];
/** Vendor Accounts: hidden from OPERATIONS, the merchant roles and VENDOR_OPERATIONS. */
const VENDOR_ACCOUNTS_REPORT: readonly DemoUser[] = ['admin', 'transactions', 'vendor'];
const MERCHANT_LIST: readonly DemoUser[] = [
  'admin',
  'transactions',
  'operations',
  'merchant',
  'merchant-admin',
  'merchant-operations',
];
/** Dashboard, and the Payins and Payouts reports: hidden from both vendor roles, so the six roles of the merchant list. */
const DASHBOARD = MERCHANT_LIST;

const MAY_CALL: Record<string, readonly DemoUser[]> = {
  'GET /v1/me': EVERYONE,
  // Each user's own preferences (issue 31, item 10).
  'GET /v1/me/preferences': EVERYONE,
  'PUT /v1/me/preferences/:key': EVERYONE,
  'DELETE /v1/me/preferences/:key': EVERYONE,
  'POST /v1/change-password': EVERYONE,
  'POST /v1/confirmations': EVERYONE,
  'POST /v1/logout': EVERYONE,
  'GET /v1/two-factor': EVERYONE,
  'POST /v1/two-factor/enrol': EVERYONE,
  'POST /v1/two-factor/confirm': EVERYONE,
  'POST /v1/two-factor/disable': EVERYONE,
  'GET /v1/getall-merchant': MERCHANT_LIST,

  'GET /v1/merchants': MERCHANT_SCREEN,
  'GET /v1/merchants/export': MERCHANT_SCREEN,
  'GET /v1/merchants/:id': MERCHANT_SCREEN,
  'POST /v1/merchants': MERCHANT_WRITERS,
  'PUT /v1/merchants/:id': MERCHANT_WRITERS,
  'PUT /v1/merchants/:id/enabled': MERCHANT_WRITERS,
  'POST /v1/merchants/:id/rotate-key': MERCHANT_WRITERS,
  'DELETE /v1/merchants/:id': ADMIN,

  'GET /v1/vendors': VENDOR_SCREEN,
  'GET /v1/vendors/export': VENDOR_SCREEN,
  'GET /v1/vendors/:id': VENDOR_SCREEN,
  'POST /v1/vendors': ADMIN,
  'PUT /v1/vendors/:id': ADMIN,
  'PUT /v1/vendors/:id/enabled': ADMIN,

  'GET /v1/bank-accounts': BANK_SCREEN,
  'GET /v1/bank-accounts/export': BANK_SCREEN,
  'GET /v1/bank-accounts/:id': BANK_SCREEN,
  'POST /v1/bank-accounts': BANK_WRITERS,
  'PUT /v1/bank-accounts/:id': BANK_WRITERS,
  'PUT /v1/bank-accounts/:id/flags': BANK_TOGGLERS,
  'POST /v1/bank-accounts/:id/merchants': BANK_WRITERS,
  'DELETE /v1/bank-accounts/:id/merchants': BANK_WRITERS,
  'POST /v1/bank-accounts/:id/approve': BANK_WRITERS,
  'DELETE /v1/bank-accounts/:id': ADMIN,

  'GET /v1/users': USER_SCREEN,
  'GET /v1/users/export': USER_SCREEN,
  'GET /v1/users/:id': USER_SCREEN,
  'POST /v1/users': USER_SCREEN,
  'PUT /v1/users/:id': USER_SCREEN,
  'PUT /v1/users/:id/enabled': USER_SCREEN,
  'POST /v1/users/:id/reset-password': USER_SCREEN,

  'GET /v1/merchant-applications': ADMIN,
  'GET /v1/merchant-applications/export': ADMIN,
  'GET /v1/merchant-applications/:id': ADMIN,
  'POST /v1/merchant-applications/:id/approve': ADMIN,
  'POST /v1/merchant-applications/:id/reject': ADMIN,

  'GET /v1/audit-events': ADMIN,
  'GET /v1/audit-events/export': ADMIN,
  'GET /v1/audit-events/:id': ADMIN,

  'GET /v1/payins': EVERYONE,
  'GET /v1/payins/export': EVERYONE,
  'GET /v1/payins/:id': EVERYONE,
  'POST /v1/payins/:id/confirm': PAYIN_STAFF,
  'POST /v1/payins/:id/reopen': PAYIN_STAFF,
  'POST /v1/payins/:id/utr': PAYIN_STAFF,
  'POST /v1/payins/:id/callbacks': PAYIN_STAFF,
  'GET /v1/payins/:id/screenshot': PAYIN_STAFF,
  'POST /v1/payins/links': PAYIN_STAFF,

  'GET /v1/bank-entries': ENTRY_SCREEN,
  'GET /v1/bank-entries/export': ENTRY_SCREEN,
  'GET /v1/bank-entries/:id': ENTRY_SCREEN,
  'POST /v1/bank-entries': PAYIN_STAFF,
  'POST /v1/bank-entries/import': PAYIN_STAFF,
  // An ADMIN asks, TRANSACTIONS checks (four eyes).
  'POST /v1/bank-entries/:id/reset': ['admin', 'transactions'],

  // Pay-outs: vendors' users only on those assigned to their vendor (the service checks it).
  'GET /v1/payouts': EVERYONE,
  'GET /v1/payouts/export': EVERYONE,
  'GET /v1/payouts/:id': EVERYONE,
  'POST /v1/payouts/:id/approve': PAYOUT_PROCESSORS,
  /** The checker's queue (issue 31): staff; each request's own rule then decides. */
  'GET /v1/checker-requests': PAYIN_STAFF,
  'GET /v1/attention': EVERYONE,
  'GET /v1/search': EVERYONE,
  'POST /v1/checker-requests/approve': PAYIN_STAFF,
  'POST /v1/checker-requests/decline': PAYIN_STAFF,
  'POST /v1/payouts/:id/reject': PAYOUT_PROCESSORS,
  'POST /v1/payouts/:id/drop': PAYIN_STAFF,
  'POST /v1/payouts/:id/reverse': PAYIN_STAFF,
  'POST /v1/payouts/:id/reset': PAYIN_STAFF,
  'POST /v1/payouts/assign': PAYIN_STAFF,
  // New Payout and the callback bell: staff; correcting a paid pay-out's UTR: ADMIN only.
  'POST /v1/payouts': PAYIN_STAFF,
  'POST /v1/payouts/:id/callbacks': PAYIN_STAFF,
  'POST /v1/payouts/:id/utr': ADMIN,
  'GET /v1/payouts/providers': EVERYONE,
  'GET /v1/payouts/vendors': PAYIN_STAFF,
  'POST /v1/payouts/batch-withdrawal': ['admin', 'operations'],

  // Settlements: merchant users ask for their own (BANK); staff settle; ADMIN resets (password).
  'GET /v1/settlements': SETTLEMENT_SCREEN,
  'GET /v1/settlements/export': SETTLEMENT_SCREEN,
  'GET /v1/settlements/:id': SETTLEMENT_SCREEN,
  'GET /v1/settlements/balances': SETTLEMENT_SCREEN,
  'POST /v1/settlements': SETTLEMENT_SCREEN,
  'POST /v1/settlements/:id/approve': SETTLERS,
  'POST /v1/settlements/:id/reject': SETTLERS,
  'POST /v1/settlements/:id/reset': ADMIN,
  'GET /v1/vendor-settlements': VENDOR_SETTLEMENT_SCREEN,
  'GET /v1/vendor-settlements/export': VENDOR_SETTLEMENT_SCREEN,
  'GET /v1/vendor-settlements/:id': VENDOR_SETTLEMENT_SCREEN,
  'GET /v1/vendor-settlements/balances': VENDOR_SETTLEMENT_SCREEN,
  'POST /v1/vendor-settlements': SETTLERS,
  'POST /v1/vendor-settlements/:id/approve': SETTLERS,
  'POST /v1/vendor-settlements/:id/reject': SETTLERS,
  'POST /v1/vendor-settlements/:id/reset': ADMIN,
  'GET /v1/liens': SETTLEMENT_SCREEN,
  'GET /v1/liens/export': SETTLEMENT_SCREEN,
  'GET /v1/liens/:id': SETTLEMENT_SCREEN,
  'POST /v1/liens': SETTLERS,
  // Every balance recomputed from the rows against the ledger (issue 12).
  'GET /v1/reconciliation': ADMIN,
  'GET /v1/providers': ADMIN,
  'PUT /v1/providers/:provider': ADMIN,
  'GET /v1/provider-events': ADMIN,
  'GET /v1/provider-events/:id': ADMIN,
  'POST /v1/provider-events/:id/replay': ADMIN,

  // The boards and the reports (issue 13).
  'GET /v1/dashboard': DASHBOARD,
  'GET /v1/vendor-board': VENDOR_BOARD,
  'GET /v1/reports/payins': DASHBOARD,
  'GET /v1/reports/payins/export': DASHBOARD,
  'GET /v1/reports/payouts': DASHBOARD,
  'GET /v1/reports/payouts/export': DASHBOARD,
  'GET /v1/reports/vendor-payins': VENDOR_ROW_REPORT,
  'GET /v1/reports/vendor-payins/export': VENDOR_ROW_REPORT,
  'GET /v1/reports/vendor-payouts': VENDOR_ROW_REPORT,
  'GET /v1/reports/vendor-payouts/export': VENDOR_ROW_REPORT,
  'GET /v1/reports/accounts': ACCOUNTS_REPORT,
  'GET /v1/reports/accounts/export': ACCOUNTS_REPORT,
  'GET /v1/reports/vendor-accounts': VENDOR_ACCOUNTS_REPORT,
  'GET /v1/reports/vendor-accounts/export': VENDOR_ACCOUNTS_REPORT,

  // The stream's topics are each checked against their resource (server/routes/events.ts).
  'GET /v1/events': EVERYONE,
};

/** The merchant API: a merchant's X-Api-Key, never a user's token (tests/api/payins.test.ts, payouts.test.ts). */
const MERCHANT_API = [
  'POST /v1/merchant-api/payins',
  'GET /v1/merchant-api/payins/:merchantOrderId',
  'POST /v1/merchant-api/payouts',
  'GET /v1/merchant-api/payouts/:merchantOrderId',
  'GET /v1/merchant-api/balance',
];

/** The routes anyone may call without a token. */
const PUBLIC = [
  'GET /v1/docs',
  'GET /v1/health',
  'GET /v1/health/live',
  'GET /v1/health/ready',
  'POST /v1/login',
  'POST /v1/login/two-factor',
  'POST /v1/login/two-factor/enrol',
  'POST /v1/forgot-password',
  'POST /v1/reset-password',
  'POST /v1/on-boarding',
  'GET /v1/pay/:id',
  // The QR image of the pay-in's own UPI link: what GET /v1/pay/:id shows, drawn (issue 33).
  'GET /v1/pay/:id/qr.svg',
  'POST /v1/pay/:id/assign',
  'POST /v1/pay/:id/utr',
  'POST /v1/pay/:id/screenshot',
  // Unsigned by Eko: it only prompts an inquiry (tests/api/payout-eko.test.ts).
  'POST /v1/webhooks/eko',
  'POST /v1/webhooks/razorpay',
  'POST /v1/webhooks/cashfree',
  'POST /v1/webhooks/payu',
  'POST /v1/pay/:id/intent',
];

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const guarded = () => s.app.accessTable.filter((r) => !('public' in r.access) && !('merchantApi' in r.access));
const pathOf = (url: string) =>
  url.replace(':id', url.startsWith('/v1/audit-events') ? '1' : SOME_ID).replace(':provider', 'razorpay');
const bodyOf = (method: string) => (['POST', 'PUT', 'DELETE'].includes(method) ? {} : undefined);

describe('every /v1 route × every role', () => {
  it('has exactly the routes of the table: a new route fails here until someone decides who may call it', () => {
    expect(guarded().map(key).sort()).toEqual(Object.keys(MAY_CALL).sort());
    expect(
      s.app.accessTable
        .filter((r) => 'public' in r.access)
        .map(key)
        .sort(),
    ).toEqual([...PUBLIC].sort());
    expect(
      s.app.accessTable
        .filter((r) => 'merchantApi' in r.access)
        .map(key)
        .sort(),
    ).toEqual([...MERCHANT_API].sort());
  });

  it('answers 403 exactly to the roles the table refuses, and to nobody else', async () => {
    const mismatches: string[] = [];
    // Logout ends the session it is called with, so it goes last.
    const routes = guarded().sort((a, b) => Number(a.url === '/v1/logout') - Number(b.url === '/v1/logout'));
    for (const route of routes) {
      for (const user of DEMO_USERS) {
        const res = await s.call(route.method, pathOf(route.url), { token: t[user], body: bodyOf(route.method) });
        const refused = res.status === 403 && res.body?.error?.message === DENIED;
        const allowed = (MAY_CALL[key(route)] ?? []).includes(user);
        if (refused === allowed)
          mismatches.push(`${key(route)} as ${user}: ${res.status} ${res.body?.error?.message ?? ''}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses every non-public route without a token', async () => {
    for (const route of guarded()) {
      const res = await s.call(route.method, pathOf(route.url), { body: bodyOf(route.method) });
      expect(`${key(route)} ${res.status}`).toBe(`${key(route)} 401`);
    }
  });
});
