import type pg from 'pg';
import type { Db } from '../../server/db';
import { accountReportPage } from '../../server/services/reports/account-reports';
import type { SessionUser } from '../../server/services/common/session-user';
import { dashboardFigures } from '../../server/services/reports/boards';
import { periodOf } from '../../server/services/reports/periods';
import { listPayins } from '../../server/services/payins/payins-list';
import { listPayouts } from '../../server/services/payouts/payouts-list';
import { PAYIN_VIEWS } from '../../domain/payin';
import { PAYOUT_VIEWS } from '../../domain/payout';
import { BIG_MERCHANT } from './seed/deposits';
import { istDay } from './sql-probes';

/**
 * What the large bench asks for: the Deposit lists as staff (ADMIN), as the merchant user (its own
 * merchant) and as the vendor user (its accounts), the Withdrawals In Progress as staff, the
 * Dashboard over 30 IST days as staff and as the merchant user, and the Accounts report over 90
 * days as the boards bench asks for them; each with the service call that sends its statements.
 */
export type Who = 'admin' | 'merchant' | 'vendor';

export interface RequestSpec {
  name: string;
  who: Who;
  kind: 'list' | 'board' | 'report';
  path: string;
  call: (db: Db) => Promise<unknown>;
  /** From which captured statement on the service sends them at once (given how many it sent). */
  atOnceFrom: (sent: number) => number;
}

const PAGE1 = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } as const;
const PAGE_QUERY = 'page=1&pageSize=25&sortBy=createdAt&sortOrder=desc';
/** A list's page and its capped count go at once (Promise.all in the service). */
const lastTwo = (sent: number) => sent - 2;

/** A SUCCESS pay-in a month back that the user may see: its UTR and order id, as someone asks about one. */
const askedOf = async (pool: pg.Pool, user: SessionUser) => {
  // A vendor's pay-ins as the product scopes them (payins.vendor_code, kept from the account).
  const where = user.role === 'VENDOR' ? 'vendor_code = $1' : 'merchant_code = $1';
  const code = user.role === 'VENDOR' ? user.vendorCode : (user.merchantCodes[0] ?? BIG_MERCHANT);
  const { rows } = await pool.query<{ utr: string; order: string }>(
    `SELECT utr, merchant_order_id AS order FROM payins WHERE ${where} AND status = 'SUCCESS'
       AND created_at < now() - interval '30 days' ORDER BY created_at DESC LIMIT 1`,
    [code],
  );
  if (!rows[0]) throw new Error(`no SUCCESS pay-in a month back for ${user.userName} (${code})`);
  return rows[0];
};

const depositLists = async (pool: pg.Pool, who: Who, user: SessionUser): Promise<RequestSpec[]> => {
  const asked = await askedOf(pool, user);
  const days = { from: istDay(7), to: istDay(1) };
  const code = user.role === 'ADMIN' ? BIG_MERCHANT : user.merchantCodes[0];
  const byCode = user.role === 'VENDOR' ? [] : [code];
  const progress = PAYIN_VIEWS.progress;
  const list = (name: string, query: string, filters: Parameters<typeof listPayins>[2]): RequestSpec => ({
    name,
    who,
    kind: 'list',
    path: `/v1/payins?${query}&${PAGE_QUERY}`,
    call: (db) => listPayins(db, user, filters, PAGE1),
    atOnceFrom: lastTwo,
  });
  return [
    list('Deposits In Progress', `status=${progress.join(',')}`, { status: [...progress] }),
    list(
      `Deposits All: SUCCESS${byCode.length > 0 ? `, ${code}` : ''}, 7 IST days`,
      `status=SUCCESS${byCode.length > 0 ? `&merchantCode=${code}` : ''}&from=${days.from}&to=${days.to}`,
      { status: ['SUCCESS'], ...(byCode.length > 0 ? { merchantCode: byCode } : {}), ...days },
    ),
    list('Deposits All: one UTR', `utr=${asked.utr}`, { utr: asked.utr }),
    // A vendor's rows do not say whose they are: it may not filter by the merchant's order id (a 400).
    ...(user.role === 'VENDOR' || user.role === 'VENDOR_OPERATIONS'
      ? []
      : [list('Deposits All: one order id', `merchantOrderId=${asked.order}`, { merchantOrderId: asked.order })]),
  ];
};

export const requestsOf = async (pool: pg.Pool, users: Record<Who, SessionUser>): Promise<RequestSpec[]> => {
  const board = { from: istDay(29), to: istDay(0) };
  const report = { from: istDay(89), to: istDay(0) };
  const b = `from=${board.from}&to=${board.to}`;
  const payouts = PAYOUT_VIEWS.progress;
  return [
    ...(await depositLists(pool, 'admin', users.admin)),
    ...(await depositLists(pool, 'merchant', users.merchant)),
    ...(await depositLists(pool, 'vendor', users.vendor)),
    {
      name: 'Withdrawals In Progress',
      who: 'admin',
      kind: 'list',
      path: `/v1/payouts?status=${payouts.join(',')}&${PAGE_QUERY}`,
      call: (db) => listPayouts(db, users.admin, { status: [...payouts] }, PAGE1),
      atOnceFrom: lastTwo,
    },
    {
      name: 'Dashboard, all merchants, 30 days',
      who: 'admin',
      kind: 'board',
      path: `/v1/dashboard?${b}`,
      call: (db) => dashboardFigures(db, users.admin, board),
      atOnceFrom: () => 1,
    },
    {
      name: "Dashboard, the merchant user's, 30 days",
      who: 'merchant',
      kind: 'board',
      path: `/v1/dashboard?${b}`,
      call: (db) => dashboardFigures(db, users.merchant, board),
      atOnceFrom: () => 1,
    },
    {
      name: 'Accounts report, page 1 of 100, 90 days',
      who: 'admin',
      kind: 'report',
      path: `/v1/reports/accounts?from=${report.from}&to=${report.to}&page=1&pageSize=100`,
      call: (db) =>
        accountReportPage(
          db,
          users.admin,
          'merchants',
          { includeSubMerchants: true },
          periodOf(report.from, report.to),
          {
            offset: 0,
            limit: 100,
          },
        ),
      atOnceFrom: (sent) => sent,
    },
  ];
};
