import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { users, vendors } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../errors';
import { bpsToPercent, paiseToRupees } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type {
  VendorBody,
  VendorFilters,
  VendorSort,
  VendorUpdate,
  VendorView,
  VendorWithMoney,
} from '../../schemas/vendors';
import { audit, diff } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { NO_VENDOR_MONEY, vendorMoney } from '../ledger/balances';
import { conditions, cursorFields, likePattern, sortKey, type Paging } from '../common/lists';
import { keysetList, type ExtraFields } from '../common/keyset-list';
import { bpsFrom } from '../common/money-input';
import { dataScope, scopeWhere } from '../common/scope';

type Row = typeof vendors.$inferSelect;
type Filters = ListFilters<typeof VendorFilters>;

const SORT_COLUMNS = { createdAt: vendors.createdAt, code: vendors.code, name: vendors.name };
const DEFAULT_PAGING = { page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' } as const;

export const presentVendor = (row: Row & { createdByName?: string | null }): VendorView => ({
  id: row.id,
  code: row.code,
  name: row.name,
  payinCommissionPercent: bpsToPercent(row.payinCommissionBps),
  payoutCommissionPercent: bpsToPercent(row.payoutCommissionBps),
  enabled: row.enabled,
  createdBy: row.createdByName ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Rows shown with their money, read from the ledger for all of them at once. */
const presentWithMoney = async (
  db: DbOrTx,
  rows: { v: Row; createdByName: string | null }[],
): Promise<VendorWithMoney[]> => {
  const money = await vendorMoney(
    db,
    rows.map((r) => r.v.id),
  );
  return rows.map((r) => {
    const { balance, unmatched } = money.get(r.v.id) ?? NO_VENDOR_MONEY;
    return {
      ...presentVendor({ ...r.v, createdByName: r.createdByName }),
      balance: paiseToRupees(balance),
      unmatched: paiseToRupees(unmatched),
    };
  });
};

/** Vendor users see their own vendor only; merchant users none. */
const visible = async (db: DbOrTx, user: SessionUser): Promise<SQL | undefined> =>
  scopeWhere(await dataScope(db, user), { vendorCode: (code) => eq(vendors.code, code) });

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.q && or(ilike(vendors.code, likePattern(f.q)), ilike(vendors.name, likePattern(f.q))),
    f.code && ilike(vendors.code, likePattern(f.code)),
    f.name && ilike(vendors.name, likePattern(f.name)),
    f.enabled !== undefined && eq(vendors.enabled, f.enabled),
    f.ids && inArray(vendors.id, f.ids),
  );

/** The rows with their creator's name, and (with a sort key) the cursor of each row. */
const selectRows = (db: DbOrTx, key = sortKey(DEFAULT_PAGING, SORT_COLUMNS, vendors.id), extra: ExtraFields = {}) =>
  db
    .select({ v: vendors, createdByName: users.userName, ...cursorFields(key), ...extra })
    .from(vendors)
    .leftJoin(users, eq(users.id, vendors.createdBy))
    .$dynamic();

const vendorList = keysetList({
  table: vendors,
  sorts: SORT_COLUMNS,
  id: vendors.id,
  select: selectRows,
  presentRows: presentWithMoney,
});

const whereOf = async (db: DbOrTx, user: SessionUser, f: Filters) => and(await visible(db, user), ...filterWhere(f));

export const listVendors = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<VendorSort>) =>
  vendorList.page(db, await whereOf(db, user, filters), paging);

export const exportVendors = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<VendorSort>) =>
  vendorList.batches(db, await whereOf(db, user, filters), paging);

export const VENDOR_CSV_COLUMNS = [
  { key: 'code', header: 'Code' },
  { key: 'name', header: 'Name' },
  { key: 'payinCommissionPercent', header: 'Payin Commission %' },
  { key: 'payoutCommissionPercent', header: 'Payout Commission %' },
  { key: 'balance', header: 'Balance' },
  { key: 'unmatched', header: 'Unmatched' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'createdBy', header: 'Created By' },
  { key: 'createdAt', header: 'Created At (IST)' },
];

const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, id), await visible(db, user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Vendor');
  return row;
};

export const getVendor = async (db: Db, user: SessionUser, id: string) => {
  await findVisible(db, user, id);
  const [shown] = await presentWithMoney(db, await selectRows(db).where(eq(vendors.id, id)));
  return shown;
};

const commissions = (input: VendorUpdate) => ({
  payinCommissionBps: bpsFrom(input.payinCommissionPercent, 'payinCommissionPercent'),
  payoutCommissionBps: bpsFrom(input.payoutCommissionPercent, 'payoutCommissionPercent'),
});

export const createVendor = async (db: Db, user: SessionUser, input: VendorBody, ip?: string) => {
  const code = input.code.trim().toUpperCase();
  const values = commissions(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vendors)
        .values({ code, name: input.name.trim(), ...values, createdBy: user.id })
        .returning();
      const view = presentVendor({ ...row, createdByName: user.userName });
      await audit(tx, { ...user, ip }, { action: 'create', entity: 'vendors', entityId: row.id, after: view });
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A vendor with code ${code} already exists.`, 'DUPLICATE_CODE');
    throw error;
  }
};

export const updateVendor = async (db: Db, user: SessionUser, id: string, input: VendorUpdate, ip?: string) => {
  const values = { name: input.name.trim(), ...commissions(input) };
  return db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    const [after] = await tx
      .update(vendors)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(vendors.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      { action: 'update', entity: 'vendors', entityId: id, ...diff(presentVendor(before), presentVendor(after)) },
    );
    return presentVendor(after);
  });
};

export const setVendorEnabled = async (db: Db, user: SessionUser, id: string, enabled: boolean, ip?: string) =>
  db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    const [after] = await tx
      .update(vendors)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(vendors.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      {
        action: enabled ? 'enable' : 'disable',
        entity: 'vendors',
        entityId: id,
        before: { enabled: before.enabled },
        after: { enabled },
      },
    );
    return presentVendor(after);
  });
