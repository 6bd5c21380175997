import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, payins } from '../../db/schema';
import { notFound } from '../../errors';
import { belongsToVendor } from '../../../domain/scope';
import { rupeesOrNull } from '../../../domain/money';
import type { PayinStatus } from '../../../domain/payin';
import type { PayinDetail, PayinSort, PayinView } from '../../schemas/payins';
import type { SessionUser } from '../common/session-user';
import { journalOf, timelineOf } from '../audit/history';
import { callbacksOf, callbackStateColumn } from '../callbacks/callbacks';
import type { Batches } from '../common/csv';
import { cappedCount, pageTotal, type ExtraFields } from '../common/keyset-list';
import {
  afterCursor,
  cappedCountColumn,
  COUNT_CAP,
  cursorFields,
  cursorOf,
  orderOf,
  sortKey,
  type Paging,
} from '../common/lists';
import { withRowMapper } from '../../db/row-mapper';
import { allOf, bound, keptPage, keptStatements, onPage, type Bind } from '../common/list-statements';
import type { PayinRow } from './payin-steps';
import { payinConditions, payinFilterWhere, payinScope, payinVisible, type Filters } from './payin-filters';
import { STAFF_ROLES } from '../../../domain/roles';
import { waitingRequestView } from '../audit/four-eyes';
import { linksOf } from './payin-links';
import { codesOf, dataScope, refuseHiddenFilters } from '../common/scope';

const SORT_COLUMNS = { createdAt: payins.createdAt, updatedAt: payins.updatedAt, amount: payins.amount };

export { COUNT_CAP };

/**
 * The columns a pay-in's list row shows: the other fourteen of the table's (the provider's order and
 * hand-off, the return URL, the steps' times, the version, …) are not read, parsed and mapped for
 * every row of a page or an export.
 */
const shown = {
  id: payins.id,
  merchantOrderId: payins.merchantOrderId,
  merchantCode: payins.merchantCode,
  customerId: payins.customerId,
  status: payins.status,
  reason: payins.reason,
  amount: payins.amount,
  confirmedAmount: payins.confirmedAmount,
  fee: payins.fee,
  utr: payins.utr,
  submittedUtr: payins.submittedUtr,
  shortCode: payins.shortCode,
  bankAccountId: payins.bankAccountId,
  source: payins.source,
  providerPaymentId: payins.providerPaymentId,
  test: payins.test,
  screenshotPath: payins.screenshotPath,
  expiresAt: payins.expiresAt,
  createdAt: payins.createdAt,
  updatedAt: payins.updatedAt,
};
type ShownRow = Pick<PayinRow, keyof typeof shown>;

/**
 * A pay-in as a caller sees it: vendors never see whose it is or what the merchant paid. What a
 * vendor may not see is left undefined, which no answer writes (one object shape for both: a
 * spread of either part cost more than the rest of a row).
 */
export const presentPayin = (
  row: ShownRow,
  extra: { bankNickname: string | null; callback: PayinView['callback'] },
  forVendor: boolean,
): PayinView => ({
  id: row.id,
  merchantOrderId: forVendor ? undefined : row.merchantOrderId,
  merchantCode: forVendor ? undefined : row.merchantCode,
  customerId: forVendor ? undefined : row.customerId,
  status: row.status,
  reason: row.reason,
  amount: rupeesOrNull(row.amount),
  confirmedAmount: rupeesOrNull(row.confirmedAmount),
  fee: forVendor ? undefined : rupeesOrNull(row.fee),
  utr: row.utr,
  submittedUtr: row.submittedUtr,
  shortCode: row.shortCode,
  bankAccountId: row.bankAccountId,
  bankNickname: extra.bankNickname,
  source: row.source,
  providerPaymentId: row.providerPaymentId,
  test: row.test,
  hasScreenshot: row.screenshotPath !== null,
  callback: extra.callback,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const selectRows = (
  db: DbOrTx,
  key = sortKey({ page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' }, SORT_COLUMNS, payins.id),
  extra: ExtraFields = {},
) =>
  db
    .select({
      p: shown,
      bankNickname: bankAccounts.nickname,
      callback: callbackStateColumn('payins', payins.id),
      ...cursorFields(key),
      ...extra,
    })
    .from(payins)
    .leftJoin(bankAccounts, eq(bankAccounts.id, payins.bankAccountId));

const presentRows = (
  rows: { p: ShownRow; bankNickname: string | null; callback: PayinView['callback'] }[],
  user: SessionUser,
) => {
  const forVendor = belongsToVendor(user.role);
  return rows.map((r) => presentPayin(r.p, { bankNickname: r.bankNickname, callback: r.callback }, forVendor));
};

const pageStatements = keptStatements<ReturnType<typeof pageStatement>>();

const pageStatement = (db: Db, where: SQL | undefined, paging: Paging<PayinSort>) => {
  const key = sortKey(paging, SORT_COLUMNS, payins.id);
  return withRowMapper(
    selectRows(db, key, { total: cappedCountColumn(payins, where) })
      .where(onPage(payins, payins.id, key, where, paging))
      .orderBy(...orderOf(key))
      .prepare(''),
  );
};

export const listPayins = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<PayinSort>) => {
  const scope = await dataScope(db, user);
  refuseHiddenFilters(scope, 'payins', filters);
  const codes = await codesOf(db, filters, scope);
  const whereWith = (bind: Bind) => allOf(payinScope(scope, bind), ...payinConditions(filters, codes, bind));
  const page = keptPage(pageStatements, db, paging, whereWith, (where) => pageStatement(db, where, paging));
  const rows = await page.statement.execute(page.values);
  return {
    data: presentRows(rows, user),
    ...(await pageTotal(rows, paging, () => cappedCount(db, payins, whereWith(bound)?.getSQL()))),
  };
};

export const exportPayins = async (
  db: Db,
  user: SessionUser,
  filters: Filters,
  paging: Paging<PayinSort>,
): Promise<Batches> => {
  const scope = await dataScope(db, user);
  const where = and(payinVisible(scope), ...(await payinFilterWhere(db, filters, scope)));
  const key = sortKey(paging, SORT_COLUMNS, payins.id);
  return async (after, limit) => {
    const rows = await selectRows(db, key)
      .where(and(where, afterCursor(key, after)))
      .orderBy(...orderOf(key))
      .limit(limit);
    return { rows: presentRows(rows, user), next: cursorOf(rows.at(-1)) };
  };
};

export const PAYIN_CSV_COLUMNS = [
  { key: 'createdAt', header: 'Created At (IST)' },
  { key: 'merchantCode', header: 'Merchant Code' },
  { key: 'merchantOrderId', header: 'Merchant Order ID' },
  { key: 'customerId', header: 'Customer ID' },
  { key: 'status', header: 'Status' },
  { key: 'reason', header: 'Reason' },
  { key: 'amount', header: 'Amount' },
  { key: 'confirmedAmount', header: 'Confirmed' },
  { key: 'fee', header: 'Commission' },
  { key: 'submittedUtr', header: 'UTR · Submitted' },
  { key: 'utr', header: 'UTR · Bank' },
  { key: 'shortCode', header: 'Code' },
  { key: 'bankNickname', header: 'Bank' },
  { key: 'source', header: 'Source' },
  { key: 'test', header: 'Test' },
  { key: 'updatedAt', header: 'Updated At (IST)' },
];

/** The pay-in if the caller may see it, else 404. */
export const findVisiblePayin = async (db: DbOrTx, user: SessionUser, id: string) => {
  const scope = await dataScope(db, user);
  const [row] = await db
    .select()
    .from(payins)
    .where(and(eq(payins.id, id), payinVisible(scope)));
  if (!row) throw notFound('Pay-in');
  return row;
};

/** The show view: the row, its timeline from the audit log, its journal lines and callback attempts. */
/** One pay-in as its list row, for the answer of a staff action (the caller already saw it). */
export const viewPayin = async (db: DbOrTx, user: SessionUser, id: string): Promise<PayinView> => {
  const [view] = presentRows(await selectRows(db).where(eq(payins.id, id)), user);
  return view;
};

export const getPayin = async (db: Db, user: SessionUser, id: string): Promise<PayinDetail> => {
  const row = await findVisiblePayin(db, user, id);
  const view = await viewPayin(db, user, row.id);
  const forVendor = belongsToVendor(user.role);
  return {
    ...view,
    timeline: await timelineOf<PayinStatus>(db, 'payins', id, user.role),
    journal: forVendor ? [] : await journalOf(db, 'payins', id),
    callbacks: forVendor ? [] : await callbacksOf(db, 'payins', id),
    links: await linksOf(db, user, row),
    checkerRequest: STAFF_ROLES.includes(user.role) ? await waitingRequestView(db, 'payins', id) : null,
  };
};
