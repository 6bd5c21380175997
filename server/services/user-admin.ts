import { and, arrayOverlaps, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { merchants, sessions, users, vendors } from '../db/schema';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { ROLE_LABELS, assignableRoles, isMerchantRole, isVendorRole, type Role } from '../../domain/roles';
import { audit, diff } from './audit';
import type { SessionUser } from './auth';
import { likePattern, offsetOf, orderOf, type Paging } from './lists';
import { checkPasswordStrength, hashPassword } from './passwords';
import { merchantCodeScope } from './scope';

type Row = typeof users.$inferSelect;

export const USER_SORTS = ['createdAt', 'userName', 'fullName', 'lastLoginAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];
const SORT_COLUMNS = {
  createdAt: users.createdAt,
  userName: users.userName,
  fullName: users.fullName,
  lastLoginAt: users.lastLoginAt,
};

export interface UserFilters {
  q?: string;
  role?: Role;
  enabled?: boolean;
  merchantCode?: string;
  vendorCode?: string;
  ids?: string[];
}

export const presentUser = (row: Row) => ({
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

/**
 * Staff see every user; a merchant user sees the users of its merchants; a vendor user the
 * users of its vendor. Nobody outside the staff sees staff accounts.
 */
const scopeWhere = async (db: DbOrTx, user: SessionUser): Promise<SQL | undefined> => {
  if (isVendorRole(user.role)) return eq(users.vendorCode, user.vendorCode ?? '');
  const codes = await merchantCodeScope(db, user);
  if (codes === null) return undefined;
  return arrayOverlaps(users.merchantCodes, codes.length > 0 ? codes : ['']);
};

const filterWhere = (f: UserFilters): SQL[] =>
  [
    f.q ? or(ilike(users.userName, likePattern(f.q)), ilike(users.fullName, likePattern(f.q))) : undefined,
    f.role ? eq(users.role, f.role) : undefined,
    f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
    f.merchantCode ? arrayOverlaps(users.merchantCodes, [f.merchantCode]) : undefined,
    f.vendorCode ? eq(users.vendorCode, f.vendorCode) : undefined,
    f.ids ? inArray(users.id, f.ids) : undefined,
  ].filter((c): c is SQL => c !== undefined);

export const userBatches = async (db: Db, user: SessionUser, filters: UserFilters, paging: Paging<UserSort>) => {
  const where = and(await scopeWhere(db, user), ...filterWhere(filters));
  return async (offset: number, limit: number) => {
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(paging, SORT_COLUMNS, users.id))
      .limit(limit)
      .offset(offset);
    return rows.map(presentUser);
  };
};

export const listUsers = async (db: Db, user: SessionUser, filters: UserFilters, paging: Paging<UserSort>) => {
  const where = and(await scopeWhere(db, user), ...filterWhere(filters));
  const [data, [{ total }]] = await Promise.all([
    (await userBatches(db, user, filters, paging))(offsetOf(paging), paging.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data, total };
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

const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), await scopeWhere(db, user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('User');
  return row;
};

export const getUser = async (db: Db, user: SessionUser, id: string) => presentUser(await findVisible(db, user, id));

/** A caller changes only users whose role it may assign, and never itself through these routes. */
const findManageable = async (tx: DbOrTx, user: SessionUser, id: string) => {
  const row = await findVisible(tx, user, id, true);
  if (row.id === user.id) throw forbidden('You cannot change your own account here.');
  if (user.role !== 'ADMIN' && !assignableRoles(user.role).includes(row.role))
    throw forbidden('You cannot manage users of this role.');
  return row;
};

export interface UserInput {
  fullName: string;
  userName?: string;
  password?: string;
  role: Role;
  merchantCodes?: string[];
  vendorCode?: string | null;
}

/** The codes a new or edited user gets, checked against what the caller owns (SPEC §6, DESIGN §6). */
const codesFor = async (tx: DbOrTx, user: SessionUser, input: UserInput) => {
  if (!assignableRoles(user.role).includes(input.role)) {
    throw forbidden(`You cannot give the role ${ROLE_LABELS[input.role] ?? input.role}.`);
  }
  if (isMerchantRole(input.role)) {
    const codes = [...new Set((input.merchantCodes ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean))];
    if (codes.length === 0) throw badRequest('Merchant Code is Required!', 'merchantCodes');
    const allowed = await merchantCodeScope(tx, user);
    const foreign = allowed === null ? [] : codes.filter((c) => !allowed.includes(c));
    if (foreign.length > 0) throw forbidden(`You cannot give access to merchant ${foreign.join(', ')}.`);
    const known = await tx.select({ code: merchants.code }).from(merchants).where(inArray(merchants.code, codes));
    const missing = codes.filter((c) => !known.some((k) => k.code === c));
    if (missing.length > 0) throw badRequest(`Unknown merchant ${missing.join(', ')}`, 'merchantCodes');
    return { merchantCodes: codes, vendorCode: null };
  }
  if (isVendorRole(input.role)) {
    const code = isVendorRole(user.role) ? user.vendorCode : input.vendorCode?.trim().toUpperCase();
    if (!code) throw badRequest('Vendor Code is Required!', 'vendorCode');
    const [known] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, code));
    if (!known) throw badRequest(`Unknown vendor ${code}`, 'vendorCode');
    return { merchantCodes: [], vendorCode: code };
  }
  return { merchantCodes: [], vendorCode: null };
};

export const createUser = async (db: Db, user: SessionUser, input: UserInput, ip?: string) => {
  const userName = (input.userName ?? '').trim();
  checkPasswordStrength(input.password ?? '');
  const passwordHash = await hashPassword(input.password ?? '');
  try {
    return await db.transaction(async (tx) => {
      const codes = await codesFor(tx, user, input);
      const [row] = await tx
        .insert(users)
        .values({
          fullName: input.fullName.trim(),
          userName,
          passwordHash,
          role: input.role,
          ...codes,
          createdBy: user.id,
        })
        .returning();
      await audit(
        tx,
        { ...user, ip },
        { action: 'create', entity: 'users', entityId: row.id, after: presentUser(row) },
      );
      return presentUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The user name ${userName} is taken.`, 'DUPLICATE_USER_NAME');
    throw error;
  }
};

const revokeSessions = (tx: DbOrTx, userId: string, reason: string) =>
  tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export const updateUser = async (db: Db, user: SessionUser, id: string, input: UserInput, ip?: string) =>
  db.transaction(async (tx) => {
    const before = await findManageable(tx, user, id);
    const codes = await codesFor(tx, user, input);
    const [after] = await tx
      .update(users)
      .set({ fullName: input.fullName.trim(), role: input.role, ...codes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      { action: 'update', entity: 'users', entityId: id, ...diff(presentUser(before), presentUser(after)) },
    );
    return presentUser(after);
  });

/** Disabling a user ends its sessions at once. */
export const setUserEnabled = async (db: Db, user: SessionUser, id: string, enabled: boolean, ip?: string) =>
  db.transaction(async (tx) => {
    const before = await findManageable(tx, user, id);
    const [after] = await tx
      .update(users)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!enabled) await revokeSessions(tx, id, 'disabled');
    await audit(
      tx,
      { ...user, ip },
      {
        action: enabled ? 'enable' : 'disable',
        entity: 'users',
        entityId: id,
        before: { enabled: before.enabled },
        after: { enabled },
      },
    );
    return presentUser(after);
  });

export const adminResetPassword = async (db: Db, user: SessionUser, id: string, password: string, ip?: string) => {
  checkPasswordStrength(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await findManageable(tx, user, id);
    const [after] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await revokeSessions(tx, id, 'password-reset');
    await audit(tx, { ...user, ip }, { action: 'reset-password', entity: 'users', entityId: id });
    return presentUser(after);
  });
};
