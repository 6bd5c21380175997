import { and, arrayOverlaps, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { users } from '../db/schema';
import { notFound } from '../errors';
import { ROLE_LABELS } from '../../domain/roles';
import type { ListFilters } from '../routes/read-routes';
import type { UserFilters, UserSort, UserView } from '../schemas/users';
import type { SessionUser } from './auth';
import type { Batches } from './csv';
import {
  afterCursor,
  conditions,
  cursorFields,
  cursorOf,
  likePattern,
  offsetOf,
  orderOf,
  sortKey,
  type Paging,
} from './lists';
import { dataScope, scopeWhere } from './scope';

type Row = typeof users.$inferSelect;
type Filters = ListFilters<typeof UserFilters>;

const SORT_COLUMNS = {
  createdAt: users.createdAt,
  userName: users.userName,
  fullName: users.fullName,
  lastLoginAt: users.lastLoginAt,
};

export const presentUser = (row: Row): UserView => ({
  id: row.id,
  fullName: row.fullName,
  userName: row.userName,
  role: row.role,
  roleLabel: ROLE_LABELS[row.role],
  merchantCodes: row.merchantCodes,
  vendorCode: row.vendorCode,
  enabled: row.enabled,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The users of the caller's merchants or vendor (staff: every user), so nobody outside staff sees staff. */
const visible = async (db: DbOrTx, user: SessionUser): Promise<SQL | undefined> =>
  scopeWhere(await dataScope(db, user), {
    merchantCodes: (codes) => arrayOverlaps(users.merchantCodes, codes),
    vendorCode: (code) => eq(users.vendorCode, code),
  });

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.q && or(ilike(users.userName, likePattern(f.q)), ilike(users.fullName, likePattern(f.q))),
    f.role && inArray(users.role, f.role),
    f.enabled !== undefined && eq(users.enabled, f.enabled),
    f.merchantCode && arrayOverlaps(users.merchantCodes, [f.merchantCode]),
    f.vendorCode && eq(users.vendorCode, f.vendorCode),
    f.ids && inArray(users.id, f.ids),
  );

export const listUsers = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<UserSort>) => {
  const where = and(await visible(db, user), ...filterWhere(filters));
  const key = sortKey(paging, SORT_COLUMNS, users.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(key))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: rows.map(presentUser), total };
};

export const exportUsers = async (
  db: Db,
  user: SessionUser,
  filters: Filters,
  paging: Paging<UserSort>,
): Promise<Batches> => {
  const where = and(await visible(db, user), ...filterWhere(filters));
  const key = sortKey(paging, SORT_COLUMNS, users.id);
  return async (after, limit) => {
    const rows = await db
      .select({ u: users, ...cursorFields(key) })
      .from(users)
      .where(and(where, afterCursor(key, after)))
      .orderBy(...orderOf(key))
      .limit(limit);
    return { rows: rows.map((r) => presentUser(r.u)), next: cursorOf(rows.at(-1)) };
  };
};

export const USER_CSV_COLUMNS = [
  { key: 'fullName', header: 'Full Name' },
  { key: 'userName', header: 'User Name' },
  { key: 'roleLabel', header: 'Role' },
  { key: 'merchantCodes', header: 'Merchant Codes' },
  { key: 'vendorCode', header: 'Vendor Code' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'lastLoginAt', header: 'Last Logged In' },
  { key: 'createdAt', header: 'Created At' },
];

/** The user if the caller may see it (locked for a change), else 404. */
export const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), await visible(db, user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('User');
  return row;
};

export const getUser = async (db: Db, user: SessionUser, id: string) => presentUser(await findVisible(db, user, id));
