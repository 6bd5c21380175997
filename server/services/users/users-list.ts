import { and, arrayOverlaps, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import { ROLE_LABELS } from '../../../domain/roles';
import { codesOutside } from '../../../domain/scope';
import type { ListFilters } from '../../routes/read-routes';
import type { UserFilters, UserSort, UserView } from '../../schemas/users';
import type { SessionUser } from '../common/session-user';
import { conditions, cursorFields, likePattern, type Paging } from '../common/lists';
import { keysetList } from '../common/keyset-list';
import { dataScope, narrowCodes, scopeMerchantCodes, scopeWhere, type DataScope } from '../common/scope';

type Row = typeof users.$inferSelect;
type Filters = ListFilters<typeof UserFilters>;

const SORT_COLUMNS = {
  createdAt: users.createdAt,
  userName: users.userName,
  fullName: users.fullName,
  lastLoginAt: users.lastLoginAt,
};

/**
 * A user as a caller sees it: of its merchant codes only those inside the caller's scope
 * (`scopeCodes`; null shows them all), and how many others it holds.
 */
export const presentUser = (row: Row, scopeCodes: string[] | null = null): UserView => {
  const hidden = codesOutside(row.merchantCodes, scopeCodes);
  return {
    id: row.id,
    fullName: row.fullName,
    userName: row.userName,
    role: row.role,
    roleLabel: ROLE_LABELS[row.role],
    merchantCodes: row.merchantCodes.filter((code) => !hidden.includes(code)),
    hiddenMerchantCodes: hidden.length,
    vendorCode: row.vendorCode,
    enabled: row.enabled,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
};

/** The users of the caller's merchants or vendor (staff: every user), so nobody outside staff sees staff. */
const visible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, {
    merchantCodes: (codes) => arrayOverlaps(users.merchantCodes, codes),
    vendorCode: (code) => eq(users.vendorCode, code),
  });

/** Users are found by the merchant codes the caller sees only: a foreign code finds nobody. */
const heldCode = (code: string, scope: DataScope): SQL => {
  const codes = narrowCodes([code], scopeMerchantCodes(scope)) ?? [code];
  return codes.length > 0 ? arrayOverlaps(users.merchantCodes, codes) : sql`false`;
};

const filterWhere = (f: Filters, scope: DataScope): SQL[] =>
  conditions(
    f.q && or(ilike(users.userName, likePattern(f.q)), ilike(users.fullName, likePattern(f.q))),
    f.role && inArray(users.role, f.role),
    f.enabled !== undefined && eq(users.enabled, f.enabled),
    f.merchantCode && heldCode(f.merchantCode, scope),
    f.vendorCode && eq(users.vendorCode, f.vendorCode),
    f.ids && inArray(users.id, f.ids),
  );

/** The list as a caller sees it: each user's merchant codes cut to the caller's scope. */
const userList = (scope: DataScope) =>
  keysetList({
    table: users,
    sorts: SORT_COLUMNS,
    id: users.id,
    select: (db, key, extra = {}) =>
      db
        .select({ u: users, ...cursorFields(key), ...extra })
        .from(users)
        .$dynamic(),
    present: (r) => presentUser(r.u, scopeMerchantCodes(scope)),
  });

export const listUsers = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<UserSort>) => {
  const scope = await dataScope(db, user);
  return userList(scope).page(db, and(visible(scope), ...filterWhere(filters, scope)), paging);
};

export const exportUsers = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<UserSort>) => {
  const scope = await dataScope(db, user);
  return userList(scope).batches(db, and(visible(scope), ...filterWhere(filters, scope)), paging);
};

export const USER_CSV_COLUMNS = [
  { key: 'fullName', header: 'Full Name' },
  { key: 'userName', header: 'User Name' },
  { key: 'roleLabel', header: 'Role' },
  { key: 'merchantCodes', header: 'Merchant Codes' },
  { key: 'vendorCode', header: 'Vendor Code' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'lastLoginAt', header: 'Last Logged In (IST)' },
  { key: 'createdAt', header: 'Created At (IST)' },
];

/** The user if the caller may see it (locked for a change), else 404; with the merchant codes the caller sees. */
export const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const scope = await dataScope(db, user);
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visible(scope)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('User');
  return { row, scopeCodes: scopeMerchantCodes(scope) };
};

export const getUser = async (db: Db, user: SessionUser, id: string) => {
  const { row, scopeCodes } = await findVisible(db, user, id);
  return presentUser(row, scopeCodes);
};
