import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, checkerRequests, payoutProviderCalls, payouts } from '../../db/schema';
import { notFound } from '../../errors';
import { belongsToVendor } from '../../../domain/scope';
import { paiseToRupees } from '../../../domain/money';
import type { PayoutStatus } from '../../../domain/payout';
import type { PayoutDetail, PayoutSort, PayoutView } from '../../schemas/payouts';
import type { SessionUser } from '../common/session-user';
import { payoutConditions, payoutFilterWhere, payoutScope, payoutVisible, type Filters } from './payout-filters';
import { journalOf, timelineOf } from '../audit/history';
import { callbacksOf, callbackStateColumn } from '../callbacks/callbacks';
import type { Batches } from '../common/csv';
import { afterCursor, cursorFields, cursorOf, orderOf, sortKey, type Paging, cappedCountColumn } from '../common/lists';
import { withRowMapper } from '../../db/row-mapper';
import { allOf, bound, keptPage, keptStatements, onPage, type Bind } from '../common/list-statements';
import type { PayoutRow } from './payout-create';
import { cappedCount, pageTotal, type ExtraFields } from '../common/keyset-list';
import { codesOf, dataScope, refuseHiddenFilters } from '../common/scope';

const SORT_COLUMNS = { createdAt: payouts.createdAt, updatedAt: payouts.updatedAt, amount: payouts.amount };

/**
 * The columns a pay-out's list row shows: the other eight of the table's (the provider's
 * references, the version, …) are not read, parsed and mapped for every row of a page or an export.
 */
const shown = {
  id: payouts.id,
  merchantOrderId: payouts.merchantOrderId,
  merchantCode: payouts.merchantCode,
  vendorCode: payouts.vendorCode,
  customerId: payouts.customerId,
  status: payouts.status,
  reason: payouts.reason,
  amount: payouts.amount,
  fee: payouts.fee,
  utr: payouts.utr,
  method: payouts.method,
  bankAccountId: payouts.bankAccountId,
  accountHolder: payouts.accountHolder,
  accountNumber: payouts.accountNumber,
  ifsc: payouts.ifsc,
  bankName: payouts.bankName,
  upiId: payouts.upiId,
  test: payouts.test,
  providerState: payouts.providerState,
  createdAt: payouts.createdAt,
  updatedAt: payouts.updatedAt,
};

/** A pay-out as a caller sees it: vendors never see whose it is or what the merchant paid. */
const present = (
  r: {
    p: Pick<PayoutRow, keyof typeof shown>;
    bankNickname: string | null;
    awaitingChecker: string | null;
    awaitingCheckerId: string | null;
    awaitingAction: string | null;
    callback: PayoutView['callback'];
  },
  forVendor: boolean,
): PayoutView => ({
  id: r.p.id,
  ...(forVendor ? {} : { merchantOrderId: r.p.merchantOrderId, merchantCode: r.p.merchantCode }),
  vendorCode: r.p.vendorCode,
  customerId: r.p.customerId,
  status: r.p.status,
  reason: r.p.reason,
  amount: paiseToRupees(r.p.amount),
  ...(forVendor ? {} : { fee: paiseToRupees(r.p.fee) }),
  utr: r.p.utr,
  method: r.p.method,
  bankAccountId: r.p.bankAccountId,
  bankNickname: r.bankNickname,
  accountHolder: r.p.accountHolder,
  accountNumber: r.p.accountNumber,
  ifsc: r.p.ifsc,
  bankName: r.p.bankName,
  upiId: r.p.upiId,
  test: r.p.test,
  awaitingChecker: r.awaitingChecker,
  awaitingCheckerId: r.awaitingCheckerId,
  awaitingAction: r.awaitingAction === 'payout.reverse' ? 'reverse' : r.awaitingAction ? 'approve' : null,
  awaitingProvider: r.p.providerState ? 'eko' : null,
  callback: r.callback,
  createdAt: r.p.createdAt.toISOString(),
  updatedAt: r.p.updatedAt.toISOString(),
});

const selectRows = (
  db: DbOrTx,
  key = sortKey({ page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' }, SORT_COLUMNS, payouts.id),
  extra: ExtraFields = {},
) =>
  db
    .select({
      p: shown,
      bankNickname: bankAccounts.nickname,
      // The maker of an approval or a reversal waiting for its checker (four-eyes.ts).
      awaitingChecker: checkerRequests.makerName,
      awaitingCheckerId: checkerRequests.makerId,
      awaitingAction: checkerRequests.action,
      callback: callbackStateColumn('payouts', payouts.id),
      ...cursorFields(key),
      ...extra,
    })
    .from(payouts)
    .leftJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .leftJoin(
      checkerRequests,
      and(sql`${checkerRequests.entity} = 'payouts'`, eq(checkerRequests.entityId, payouts.id)),
    );

const pageStatements = keptStatements<ReturnType<typeof pageStatement>>();

const pageStatement = (db: Db, where: SQL | undefined, paging: Paging<PayoutSort>) => {
  const key = sortKey(paging, SORT_COLUMNS, payouts.id);
  return withRowMapper(
    selectRows(db, key, { total: cappedCountColumn(payouts, where) })
      .where(onPage(payouts, payouts.id, key, where, paging))
      .orderBy(...orderOf(key))
      .prepare(''),
  );
};

export const listPayouts = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<PayoutSort>) => {
  const scope = await dataScope(db, user);
  refuseHiddenFilters(scope, 'payouts', filters);
  const codes = await codesOf(db, filters, scope);
  const whereWith = (bind: Bind) => allOf(payoutScope(scope, bind), ...payoutConditions(filters, codes, bind));
  const page = keptPage(pageStatements, db, paging, whereWith, (where) => pageStatement(db, where, paging));
  const rows = await page.statement.execute(page.values);
  const forVendor = belongsToVendor(user.role);
  return {
    data: rows.map((r) => present(r, forVendor)),
    ...(await pageTotal(rows, paging, () => cappedCount(db, payouts, whereWith(bound)?.getSQL()))),
  };
};

export const exportPayouts = async (
  db: Db,
  user: SessionUser,
  filters: Filters,
  paging: Paging<PayoutSort>,
): Promise<Batches> => {
  const scope = await dataScope(db, user);
  const where = and(payoutVisible(scope), ...(await payoutFilterWhere(db, filters, scope)));
  const key = sortKey(paging, SORT_COLUMNS, payouts.id);
  const forVendor = belongsToVendor(user.role);
  return async (after, limit) => {
    const rows = await selectRows(db, key)
      .where(and(where, afterCursor(key, after)))
      .orderBy(...orderOf(key))
      .limit(limit);
    return { rows: rows.map((r) => present(r, forVendor)), next: cursorOf(rows.at(-1)) };
  };
};

export const PAYOUT_CSV_COLUMNS = [
  { key: 'createdAt', header: 'Created At (IST)' },
  { key: 'merchantCode', header: 'Merchant Code' },
  { key: 'merchantOrderId', header: 'Merchant Order ID' },
  { key: 'vendorCode', header: 'Vendor' },
  { key: 'customerId', header: 'User' },
  { key: 'accountHolder', header: 'Account Holder' },
  { key: 'accountNumber', header: 'Account Number' },
  { key: 'ifsc', header: 'IFSC' },
  { key: 'bankName', header: 'Bank Name' },
  { key: 'upiId', header: 'UPI ID' },
  { key: 'amount', header: 'Amount' },
  { key: 'fee', header: 'Commission' },
  { key: 'status', header: 'Status' },
  { key: 'reason', header: 'Reason' },
  { key: 'utr', header: 'UTR' },
  { key: 'method', header: 'Method' },
  { key: 'bankNickname', header: 'From Bank' },
  { key: 'id', header: 'Payout ID' },
  { key: 'updatedAt', header: 'Last Updated (IST)' },
];

/** The show view: the row, its timeline from the audit log, its journal lines and its callbacks. */
export const getPayout = async (db: Db, user: SessionUser, id: string): Promise<PayoutDetail> => {
  const scope = await dataScope(db, user);
  const forVendor = belongsToVendor(user.role);
  const [row] = await selectRows(db).where(and(eq(payouts.id, id), payoutVisible(scope)));
  if (!row) throw notFound('Pay-out');
  return {
    ...present(row, forVendor),
    timeline: await timelineOf<PayoutStatus>(db, 'payouts', id, user.role),
    journal: forVendor ? [] : await journalOf(db, 'payouts', id),
    callbacks: forVendor ? [] : await callbacksOf(db, 'payouts', id),
    providerCalls: (
      await db
        .select()
        .from(payoutProviderCalls)
        .where(eq(payoutProviderCalls.payoutId, id))
        .orderBy(asc(payoutProviderCalls.createdAt), asc(payoutProviderCalls.id))
    ).map((c) => ({
      provider: c.provider,
      kind: c.kind,
      outcome: c.outcome,
      clientRefId: c.clientRefId,
      tid: c.tid,
      txStatus: c.txStatus,
      httpStatus: c.httpStatus,
      message: c.message,
      at: c.createdAt.toISOString(),
    })),
  };
};
