import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, merchants, payins } from '../db/schema';
import { notFound } from '../errors';
import { belongsToVendor } from '../../domain/scope';
import { paiseToRupees } from '../../domain/money';
import type { PayinStatus } from '../../domain/payin';
import type { ListFilters } from '../routes/read-routes';
import type { PayinDetail, PayinFilters, PayinSort, PayinView } from '../schemas/payins';
import type { SessionUser } from './auth';
import { journalOf, timelineOf } from './history';
import { callbacksOf, callbackStateColumn } from './callbacks';
import type { Batches } from './csv';
import { cappedCount, pageTotal, type ExtraFields } from './keyset-list';
import {
  afterCursor,
  cappedCountColumn,
  conditions,
  COUNT_CAP,
  cursorFields,
  cursorOf,
  istDayRange,
  offsetOf,
  orderOf,
  sortKey,
  type Paging,
} from './lists';
import { paiseFrom } from './money-input';
import type { PayinRow } from './payin-steps';
import { dataScope, narrowCodes, scopeMerchantCodes, scopeWhere, type DataScope } from './scope';

type Filters = ListFilters<typeof PayinFilters>;

const SORT_COLUMNS = { createdAt: payins.createdAt, updatedAt: payins.updatedAt, amount: payins.amount };

export { COUNT_CAP };

/** Merchants see their pay-ins; vendors the pay-ins on their bank accounts. */
export const payinVisible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, {
    merchantCodes: (codes) => inArray(payins.merchantCode, codes),
    vendorCode: (code) => eq(payins.vendorCode, code),
  });

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
export const payinFilterWhere = async (db: DbOrTx, f: Filters, scope: DataScope): Promise<SQL[]> => {
  // Vendors are held to their own rows by the scope, not by merchants, whose fields they never see.
  const codes = scope.kind === 'vendor' ? null : await merchantCodesWanted(db, f, scope);
  return conditions(
    f.status && f.status.length > 0 && inArray(payins.status, f.status),
    f.source && f.source.length > 0 && inArray(payins.source, f.source),
    codes !== null && (codes.length > 0 ? inArray(payins.merchantCode, codes) : sql`false`),
    f.utr && or(eq(payins.utr, f.utr.replace(/\s+/g, '')), eq(payins.submittedUtr, f.utr.replace(/\s+/g, ''))),
    f.merchantOrderId && eq(payins.merchantOrderId, f.merchantOrderId),
    f.customerId && eq(payins.customerId, f.customerId),
    f.amount !== undefined && eq(payins.amount, paiseFrom(f.amount, 'amount')),
    f.bankAccountId && eq(payins.bankAccountId, f.bankAccountId),
    f.ids && inArray(payins.id, f.ids),
    ...istDayRange(payins.createdAt, f.from, f.to),
  );
};

const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** A pay-in as a caller sees it: vendors never see whose it is or what the merchant paid. */
export const presentPayin = (
  row: PayinRow,
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
      p: payins,
      bankNickname: bankAccounts.nickname,
      callback: callbackStateColumn('payins', payins.id),
      ...cursorFields(key),
      ...extra,
    })
    .from(payins)
    .leftJoin(bankAccounts, eq(bankAccounts.id, payins.bankAccountId));

const presentRows = (
  rows: { p: PayinRow; bankNickname: string | null; callback: PayinView['callback'] }[],
  user: SessionUser,
) => {
  const forVendor = belongsToVendor(user.role);
  return rows.map((r) => presentPayin(r.p, { bankNickname: r.bankNickname, callback: r.callback }, forVendor));
};

export const listPayins = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<PayinSort>) => {
  const scope = await dataScope(db, user);
  const where = and(payinVisible(scope), ...(await payinFilterWhere(db, filters, scope)));
  const key = sortKey(paging, SORT_COLUMNS, payins.id);
  const rows = await selectRows(db, key, { total: cappedCountColumn(payins, where) })
    .where(where)
    .orderBy(...orderOf(key))
    .limit(paging.pageSize)
    .offset(offsetOf(paging));
  return {
    data: presentRows(rows, user),
    ...(await pageTotal(rows, paging, () => cappedCount(db, payins, where))),
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
    timeline: await timelineOf<PayinStatus>(db, 'payins', id),
    journal: forVendor ? [] : await journalOf(db, 'payins', id),
    callbacks: forVendor ? [] : await callbacksOf(db, 'payins', id),
  };
};
