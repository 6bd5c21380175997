import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { users, vendors } from '../db/schema';
import { conflict, isUniqueViolation, notFound } from '../errors';
import { bpsToPercent } from '../../domain/money';
import { isVendorRole } from '../../domain/roles';
import { audit, diff } from './audit';
import type { SessionUser } from './auth';
import { likePattern, offsetOf, orderOf, type Paging } from './lists';
import { bpsFrom } from './money-input';

type Row = typeof vendors.$inferSelect;

export const VENDOR_SORTS = ['createdAt', 'code', 'name'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];
const SORT_COLUMNS = { createdAt: vendors.createdAt, code: vendors.code, name: vendors.name };

export interface VendorFilters {
  q?: string;
  code?: string;
  name?: string;
  enabled?: boolean;
  ids?: string[];
}

export const presentVendor = (row: Row & { createdByName?: string | null }) => ({
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

/** Vendor users see their own vendor only. */
const scopeWhere = (user: SessionUser): SQL | undefined =>
  isVendorRole(user.role) ? eq(vendors.code, user.vendorCode ?? '') : undefined;

const filterWhere = (f: VendorFilters): SQL[] =>
  [
    f.q ? sql`(${ilike(vendors.code, likePattern(f.q))} or ${ilike(vendors.name, likePattern(f.q))})` : undefined,
    f.code ? ilike(vendors.code, likePattern(f.code)) : undefined,
    f.name ? ilike(vendors.name, likePattern(f.name)) : undefined,
    f.enabled === undefined ? undefined : eq(vendors.enabled, f.enabled),
    f.ids ? inArray(vendors.id, f.ids) : undefined,
  ].filter((c): c is SQL => c !== undefined);

const selectRows = (db: DbOrTx) =>
  db
    .select({ v: vendors, createdByName: users.userName })
    .from(vendors)
    .leftJoin(users, eq(users.id, vendors.createdBy));

export const vendorBatches = (db: Db, user: SessionUser, filters: VendorFilters, paging: Paging<VendorSort>) => {
  const where = and(scopeWhere(user), ...filterWhere(filters));
  return async (offset: number, limit: number) => {
    const rows = await selectRows(db)
      .where(where)
      .orderBy(...orderOf(paging, SORT_COLUMNS, vendors.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => presentVendor({ ...r.v, createdByName: r.createdByName }));
  };
};

export const listVendors = async (db: Db, user: SessionUser, filters: VendorFilters, paging: Paging<VendorSort>) => {
  const where = and(scopeWhere(user), ...filterWhere(filters));
  const [data, [{ total }]] = await Promise.all([
    vendorBatches(db, user, filters, paging)(offsetOf(paging), paging.pageSize),
    db.select({ total: count() }).from(vendors).where(where),
  ]);
  return { data, total };
};

export const VENDOR_CSV_COLUMNS = [
  { key: 'code', header: 'Code' },
  { key: 'name', header: 'Name' },
  { key: 'payinCommissionPercent', header: 'Payin Commission %' },
  { key: 'payoutCommissionPercent', header: 'Payout Commission %' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'createdBy', header: 'Created By' },
  { key: 'createdAt', header: 'Created At' },
];

const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, id), scopeWhere(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Vendor');
  return row;
};

export const getVendor = async (db: Db, user: SessionUser, id: string) => {
  await findVisible(db, user, id);
  const [row] = await selectRows(db).where(eq(vendors.id, id));
  return presentVendor({ ...row.v, createdByName: row.createdByName });
};

export interface VendorInput {
  code?: string;
  name: string;
  payinCommissionPercent: number;
  payoutCommissionPercent: number;
}

export const createVendor = async (db: Db, user: SessionUser, input: VendorInput, ip?: string) => {
  const code = (input.code ?? '').trim().toUpperCase();
  const values = {
    payinCommissionBps: bpsFrom(input.payinCommissionPercent, 'payinCommissionPercent'),
    payoutCommissionBps: bpsFrom(input.payoutCommissionPercent, 'payoutCommissionPercent'),
  };
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

export const updateVendor = async (db: Db, user: SessionUser, id: string, input: VendorInput, ip?: string) => {
  const values = {
    name: input.name.trim(),
    payinCommissionBps: bpsFrom(input.payinCommissionPercent, 'payinCommissionPercent'),
    payoutCommissionBps: bpsFrom(input.payoutCommissionPercent, 'payoutCommissionPercent'),
  };
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
