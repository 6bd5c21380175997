import { and, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, merchantBankAccounts, merchants } from '../../db/schema';
import { notFound } from '../../errors';
import { canUseResource } from '../../../domain/access';
import { suspendedByStaff } from '../../../domain/merchant';
import { bpsToPercent, paiseToRupees } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type {
  MerchantDetail,
  MerchantFilters,
  MerchantRow,
  MerchantSort,
  MerchantView,
  MerchantWithMoney,
  MoneyQuery,
} from '../../schemas/merchants';
import type { SessionUser } from '../common/session-user';
import { merchantMoney, NO_MERCHANT_MONEY, type MerchantMoney } from '../ledger/balances';
import { conditions, cursorFields, likePattern, sortKey, type Paging } from '../common/lists';
import { keysetList, type ExtraFields } from '../common/keyset-list';
import { dataScope, scopeMerchantCodes, scopeWhere, type DataScope } from '../common/scope';

type Row = typeof merchants.$inferSelect;
type Filters = ListFilters<typeof MerchantFilters>;
const parent = alias(merchants, 'parent');

const SORT_COLUMNS = { createdAt: merchants.createdAt, code: merchants.code, name: merchants.name };
const DEFAULT_PAGING = { page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' } as const;

/** What staff and merchant admins see of a merchant: never the key, its hash or the signing secret. */
export const presentMerchant = (row: Row & { parentCode?: string | null }): MerchantView => ({
  id: row.id,
  code: row.code,
  name: row.name,
  siteUrl: row.siteUrl,
  returnUrl: row.returnUrl,
  payinCallbackUrl: row.payinCallbackUrl,
  payoutCallbackUrl: row.payoutCallbackUrl,
  apiKeyPrefix: row.apiKeyPrefix,
  minPayin: paiseToRupees(row.minPayin),
  maxPayin: paiseToRupees(row.maxPayin),
  payinFeePercent: bpsToPercent(row.payinFeeBps),
  minPayout: paiseToRupees(row.minPayout),
  maxPayout: paiseToRupees(row.maxPayout),
  payoutFeePercent: bpsToPercent(row.payoutFeeBps),
  testMode: row.testMode,
  disputesAllowed: row.disputesAllowed,
  allowIntent: row.allowIntent,
  intentProvider: row.intentProvider,
  enabled: row.enabled,
  suspendedByStaff: suspendedByStaff(row),
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  parentId: row.parentId,
  parentCode: row.parentCode ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A merchant shown with its money, in rupees. */
const withMoney = (view: MerchantView, money: MerchantMoney = NO_MERCHANT_MONEY): MerchantWithMoney => ({
  ...view,
  balance: paiseToRupees(money.balance),
  held: paiseToRupees(money.held),
  available: paiseToRupees(money.available),
});

/** Rows shown with their money, read from the ledger for all of them at once. */
const presentWithMoney = async (
  db: DbOrTx,
  rows: { m: Row; parentCode: string | null }[],
  filters: MoneyQuery,
  scope: DataScope,
) => {
  const money = await merchantMoney(
    db,
    rows.map((r) => r.m.id),
    { includeSubMerchants: filters.includeSubMerchants, within: scopeMerchantCodes(scope) },
  );
  return rows.map((r) => withMoney(presentMerchant({ ...r.m, parentCode: r.parentCode }), money.get(r.m.id)));
};

/** A merchant belongs to the merchant users of its code; vendors see none. */
export const merchantsIn = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, { merchantCodes: (codes) => inArray(merchants.code, codes) });

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.q && or(ilike(merchants.code, likePattern(f.q)), ilike(merchants.name, likePattern(f.q))),
    f.code && ilike(merchants.code, likePattern(f.code)),
    f.name && ilike(merchants.name, likePattern(f.name)),
    f.enabled !== undefined && eq(merchants.enabled, f.enabled),
    f.testMode !== undefined && eq(merchants.testMode, f.testMode),
    f.parentId && eq(merchants.parentId, f.parentId),
    f.topLevel && isNull(merchants.parentId),
    f.ids && inArray(merchants.id, f.ids),
  );

/** The rows with their parent's code, and (with a sort key) the cursor of each row. */
export const selectMerchants = (
  db: DbOrTx,
  key = sortKey(DEFAULT_PAGING, SORT_COLUMNS, merchants.id),
  extra: ExtraFields = {},
) =>
  db
    .select({ m: merchants, parentCode: parent.code, ...cursorFields(key), ...extra })
    .from(merchants)
    .leftJoin(parent, eq(parent.id, merchants.parentId))
    .$dynamic();

const subMerchantCounts = async (db: Db, ids: string[]) => {
  if (ids.length === 0) return new Map<string | null, number>();
  const rows = await db
    .select({ parentId: merchants.parentId, n: count() })
    .from(merchants)
    .where(inArray(merchants.parentId, ids))
    .groupBy(merchants.parentId);
  return new Map(rows.map((r) => [r.parentId, r.n]));
};

/** The list with each merchant's money, as the filters and the caller's scope ask for it. */
const merchantList = (filters: MoneyQuery, scope: DataScope) =>
  keysetList({
    table: merchants,
    sorts: SORT_COLUMNS,
    id: merchants.id,
    select: selectMerchants,
    presentRows: (db, rows) => presentWithMoney(db, rows, filters, scope),
  });

export const listMerchants = async (
  db: Db,
  user: SessionUser,
  filters: Filters,
  paging: Paging<MerchantSort>,
): Promise<{ data: MerchantRow[]; total: number; totalCapped?: true }> => {
  const scope = await dataScope(db, user);
  const page = await merchantList(filters, scope).page(db, and(merchantsIn(scope), ...filterWhere(filters)), paging);
  const children = await subMerchantCounts(
    db,
    page.data.map((m) => m.id),
  );
  return { ...page, data: page.data.map((m) => ({ ...m, subMerchantCount: children.get(m.id) ?? 0 })) };
};

export const exportMerchants = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<MerchantSort>) => {
  const scope = await dataScope(db, user);
  return merchantList(filters, scope).batches(db, and(merchantsIn(scope), ...filterWhere(filters)), paging);
};

export const MERCHANT_CSV_COLUMNS = [
  { key: 'code', header: 'Code' },
  { key: 'name', header: 'Name' },
  { key: 'parentCode', header: 'Parent' },
  { key: 'siteUrl', header: 'Site' },
  { key: 'balance', header: 'Balance' },
  { key: 'held', header: 'Held' },
  { key: 'available', header: 'Available' },
  { key: 'minPayin', header: 'Min Payin' },
  { key: 'maxPayin', header: 'Max Payin' },
  { key: 'payinFeePercent', header: 'Payin Fee %' },
  { key: 'minPayout', header: 'Min Payout' },
  { key: 'maxPayout', header: 'Max Payout' },
  { key: 'payoutFeePercent', header: 'Payout Fee %' },
  { key: 'testMode', header: 'Test Mode' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'createdAt', header: 'Created At' },
];

/** The merchant if the caller may see it (locked for an update when asked), else 404. */
export const findVisibleMerchant = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, id), merchantsIn(await dataScope(db, user))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Merchant');
  return row;
};

const linkedBankAccounts = (db: Db, merchantId: string) =>
  db
    .select({
      id: bankAccounts.id,
      nickname: bankAccounts.nickname,
      bankName: bankAccounts.bankName,
      usedFor: bankAccounts.usedFor,
      enabled: bankAccounts.enabled,
    })
    .from(merchantBankAccounts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, merchantBankAccounts.bankAccountId))
    .where(eq(merchantBankAccounts.merchantId, merchantId))
    .orderBy(bankAccounts.nickname);

/**
 * One merchant with its sub-merchants (each with its own money), and its bank accounts for those
 * who may see bank accounts.
 */
export const getMerchant = async (
  db: Db,
  user: SessionUser,
  id: string,
  query: MoneyQuery = {},
): Promise<MerchantDetail> => {
  const row = await findVisibleMerchant(db, user, id);
  const scope = await dataScope(db, user);
  const within = scopeMerchantCodes(scope);
  const [[withParent], subs, banks, money] = await Promise.all([
    selectMerchants(db).where(eq(merchants.id, id)),
    db
      .select()
      .from(merchants)
      .where(and(eq(merchants.parentId, id), merchantsIn(scope)))
      .orderBy(merchants.code),
    canUseResource(user.role, 'bank-accounts') ? linkedBankAccounts(db, id) : [],
    merchantMoney(db, [id], { includeSubMerchants: query.includeSubMerchants, within }),
  ]);
  const subMoney = await merchantMoney(
    db,
    subs.map((s) => s.id),
    { includeSubMerchants: false, within },
  );
  return {
    ...withMoney(presentMerchant({ ...row, parentCode: withParent.parentCode }), money.get(id)),
    subMerchants: subs.map((s) => withMoney(presentMerchant({ ...s, parentCode: row.code }), subMoney.get(s.id))),
    bankAccounts: banks,
  };
};
