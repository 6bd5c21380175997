import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, merchants, payins } from '../../db/schema';
import { notFound } from '../../errors';
import { belongsToVendor } from '../../../domain/scope';
import { istDayStart } from '../../../domain/format';
import { rupeesOrNull } from '../../../domain/money';
import type { PayinStatus } from '../../../domain/payin';
import type { ListFilters } from '../../routes/read-routes';
import type { PayinDetail, PayinFilters, PayinSort, PayinView } from '../../schemas/payins';
import type { SessionUser } from '../common/session-user';
import { journalOf, timelineOf } from '../common/history';
import { callbacksOf, callbackStateColumn } from '../callbacks/callbacks';
import type { Batches } from '../common/csv';
import { cappedCount, pageTotal, type ExtraFields } from '../common/keyset-list';
import {
  afterCursor,
  cappedCountColumn,
  conditions,
  COUNT_CAP,
  cursorFields,
  cursorOf,
  orderOf,
  sortKey,
  type Paging,
} from '../common/lists';
import { bound, keptPage, keptStatements, onPage, oneOf, type Bind } from '../common/list-statements';
import { paiseFrom } from '../common/money-input';
import type { PayinRow } from './payin-steps';
import { STAFF_ROLES } from '../../../domain/roles';
import { waitingRequestView } from '../common/four-eyes';
import { dataScope, narrowCodes, refuseHiddenFilters, scopeMerchantCodes, type DataScope } from '../common/scope';

type Filters = ListFilters<typeof PayinFilters>;

const SORT_COLUMNS = { createdAt: payins.createdAt, updatedAt: payins.updatedAt, amount: payins.amount };

export { COUNT_CAP };

/** Merchants see their pay-ins; vendors the pay-ins on their bank accounts. */
const payinScope = (scope: DataScope, bind: Bind): SQL | undefined => {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'vendor') return sql`${payins.vendorCode} = ${bind('scopeVendor', scope.vendorCode)}`;
  return oneOf(payins.merchantCode, 'scopeCodes', scope.merchantCodes, bind);
};
export const payinVisible = (scope: DataScope): SQL | undefined => payinScope(scope, bound);

/** The merchant codes a list filter asks for (with sub-merchants when asked), narrowed to the caller's scope. */
export const merchantCodesWanted = async (
  db: DbOrTx,
  f: { merchantCode?: string[]; includeSubMerchants?: boolean },
  scope: DataScope,
): Promise<string[] | null> => {
  let codes = f.merchantCode ?? [];
  if (codes.length > 0 && f.includeSubMerchants) {
    const subs = await db
      .select({ code: merchants.code })
      .from(merchants)
      .where(
        inArray(
          merchants.parentId,
          db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes)),
        ),
      );
    codes = [...codes, ...subs.map((s) => s.code)];
  }
  return narrowCodes(codes, scopeMerchantCodes(scope));
};

/** The list filters as conditions on the table alone (merchant codes narrowed to the caller's scope). */
const payinConditions = (f: Filters, codes: string[] | null, bind: Bind): SQL[] => {
  const utr = f.utr?.replace(/\s+/g, '');
  return conditions(
    f.status && f.status.length > 0 && oneOf(payins.status, 'status', f.status, bind),
    f.source && f.source.length > 0 && oneOf(payins.source, 'source', f.source, bind),
    codes !== null && oneOf(payins.merchantCode, 'codes', codes, bind),
    utr && sql`(${payins.utr} = ${bind('utr', utr)} OR ${payins.submittedUtr} = ${bind('utr', utr)})`,
    f.merchantOrderId && sql`${payins.merchantOrderId} = ${bind('orderId', f.merchantOrderId)}`,
    f.customerId && sql`${payins.customerId} = ${bind('customerId', f.customerId)}`,
    f.amount !== undefined && sql`${payins.amount} = ${bind('amount', paiseFrom(f.amount, 'amount'))}::bigint`,
    f.bankAccountId && sql`${payins.bankAccountId} = ${bind('bankAccountId', f.bankAccountId)}::uuid`,
    f.ids && oneOf(payins.id, 'ids', f.ids, bind, 'uuid'),
    f.from && sql`${payins.createdAt} >= ${bind('from', istDayStart(f.from))}::timestamptz`,
    f.to && sql`${payins.createdAt} < ${bind('to', istDayStart(f.to, 1))}::timestamptz`,
  );
};

/** The merchant codes a caller's filter names, or null for every one (vendors: by their scope alone). */
export const codesOf = (db: DbOrTx, f: { merchantCode?: string[]; includeSubMerchants?: boolean }, scope: DataScope) =>
  // Vendors are held to their own rows by the scope, not by merchants, whose fields they never see.
  scope.kind === 'vendor' ? Promise.resolve(null) : merchantCodesWanted(db, f, scope);

export const payinFilterWhere = async (db: DbOrTx, f: Filters, scope: DataScope): Promise<SQL[]> => {
  refuseHiddenFilters(scope, 'payins', f);
  return payinConditions(f, await codesOf(db, f, scope), bound);
};

const rupees = (paise: number | null) => rupeesOrNull(paise);

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

/** A pay-in as a caller sees it: vendors never see whose it is or what the merchant paid. */
export const presentPayin = (
  row: ShownRow,
  extra: { bankNickname: string | null; callback: PayinView['callback'] },
  forVendor: boolean,
): PayinView => ({
  id: row.id,
  ...(forVendor
    ? {}
    : { merchantOrderId: row.merchantOrderId, merchantCode: row.merchantCode, customerId: row.customerId }),
  status: row.status,
  reason: row.reason,
  amount: rupees(row.amount),
  confirmedAmount: rupees(row.confirmedAmount),
  ...(forVendor ? {} : { fee: rupees(row.fee) }),
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
  return selectRows(db, key, { total: cappedCountColumn(payins, where) })
    .where(onPage(db, payins, payins.id, key, where))
    .orderBy(...orderOf(key))
    .prepare('');
};

export const listPayins = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<PayinSort>) => {
  const scope = await dataScope(db, user);
  refuseHiddenFilters(scope, 'payins', filters);
  const codes = await codesOf(db, filters, scope);
  const whereWith = (bind: Bind) => and(payinScope(scope, bind), ...payinConditions(filters, codes, bind));
  const page = keptPage(pageStatements, db, paging, whereWith, (where) => pageStatement(db, where, paging));
  const rows = await page.statement.execute(page.values);
  return {
    data: presentRows(rows, user),
    ...(await pageTotal(rows, paging, () => cappedCount(db, payins, whereWith(bound)))),
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
  { key: 'createdAt', header: 'Created At' },
  { key: 'merchantCode', header: 'Merchant Code' },
  { key: 'merchantOrderId', header: 'Merchant Order ID' },
  { key: 'customerId', header: 'User ID' },
  { key: 'status', header: 'Status' },
  { key: 'reason', header: 'Reason' },
  { key: 'amount', header: 'Amount' },
  { key: 'confirmedAmount', header: 'Confirmed' },
  { key: 'fee', header: 'Fee' },
  { key: 'submittedUtr', header: 'User UTR' },
  { key: 'utr', header: 'Bank UTR' },
  { key: 'shortCode', header: 'Code' },
  { key: 'bankNickname', header: 'Bank' },
  { key: 'source', header: 'Source' },
  { key: 'test', header: 'Test' },
  { key: 'updatedAt', header: 'Updated At' },
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
    checkerRequest: STAFF_ROLES.includes(user.role) ? await waitingRequestView(db, 'payins', id) : null,
  };
};
