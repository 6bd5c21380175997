import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { merchants, sessions, users, vendors } from '../../db/schema';
import { badRequest, conflict, forbidden, isUniqueViolation } from '../../errors';
import { ROLE_LABELS, assignableRoles } from '../../../domain/roles';
import { belongsToMerchants, belongsToVendor, canManageUser } from '../../../domain/scope';
import type { UserBody, UserUpdate } from '../../schemas/users';
import { audit, diff } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { retireResetTokens } from '../identity/password-changes';
import type { Confirm } from '../identity/confirmations';
import { checkPasswordStrength, hashPassword } from '../identity/passwords';
import { dataScope, scopeMerchantCodes } from '../common/scope';
import { findVisible, presentUser } from './users-list';

const NOT_MANAGEABLE = {
  self: 'You cannot change your own account here.',
  foreign: "This user also belongs to merchants outside your access: only the gateway's staff can change it.",
  role: 'You cannot manage users of this role.',
};

/** A user the caller can see and may manage (domain/scope), locked for the change. */
const findManageable = async (tx: DbOrTx, user: SessionUser, id: string) => {
  const { row, scopeCodes } = await findVisible(tx, user, id, true);
  const seen = presentUser(row, scopeCodes);
  if (!canManageUser(user, seen))
    throw forbidden(NOT_MANAGEABLE[row.id === user.id ? 'self' : seen.hiddenMerchantCodes > 0 ? 'foreign' : 'role']);
  return row;
};

const merchantCodesFor = async (tx: DbOrTx, user: SessionUser, input: UserUpdate) => {
  const codes = [...new Set((input.merchantCodes ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (codes.length === 0) throw badRequest('Merchant Code is Required!', 'merchantCodes');
  const allowed = scopeMerchantCodes(await dataScope(tx, user));
  const foreign = allowed === null ? [] : codes.filter((c) => !allowed.includes(c));
  if (foreign.length > 0) throw forbidden(`You cannot give access to merchant ${foreign.join(', ')}.`);
  const known = await tx.select({ code: merchants.code }).from(merchants).where(inArray(merchants.code, codes));
  const missing = codes.filter((c) => !known.some((k) => k.code === c));
  if (missing.length > 0) throw badRequest(`Unknown merchant ${missing.join(', ')}`, 'merchantCodes');
  return codes;
};

/** A vendor's users give their own vendor's code, whatever they send. */
const vendorCodeFor = async (tx: DbOrTx, user: SessionUser, input: UserUpdate) => {
  const scope = await dataScope(tx, user);
  const code = scope.kind === 'vendor' ? scope.vendorCode : input.vendorCode?.trim().toUpperCase();
  if (!code) throw badRequest('Vendor Code is Required!', 'vendorCode');
  const [known] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, code));
  if (!known) throw badRequest(`Unknown vendor ${code}`, 'vendorCode');
  return code;
};

/** The codes a new or edited user gets: by its role, within what the caller may see (SPEC §6, DESIGN §6). */
const codesFor = async (tx: DbOrTx, user: SessionUser, input: UserUpdate) => {
  if (!assignableRoles(user.role).includes(input.role)) {
    throw forbidden(`You cannot give the role ${ROLE_LABELS[input.role]}.`);
  }
  if (belongsToMerchants(input.role))
    return { merchantCodes: await merchantCodesFor(tx, user, input), vendorCode: null };
  if (belongsToVendor(input.role)) return { merchantCodes: [], vendorCode: await vendorCodeFor(tx, user, input) };
  return { merchantCodes: [], vendorCode: null };
};

export const createUser = async (db: Db, user: SessionUser, input: UserBody, ip?: string) => {
  const userName = input.userName.trim();
  checkPasswordStrength(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const codes = await codesFor(tx, user, input);
      const [row] = await tx
        .insert(users)
        .values({
          fullName: input.fullName.trim(),
          userName,
          passwordHash,
          mustChangePassword: true,
          role: input.role,
          ...codes,
          createdBy: user.id,
          accessGivenBy: [user.id],
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

/**
 * Whoever creates a user, chooses its password or changes its access is kept on it for good: never
 * its checker (domain/four-eyes), since that user's second pair of eyes could be their own.
 */
const givenBy = (giverId: string) =>
  sql`CASE WHEN ${giverId}::uuid = ANY(${users.accessGivenBy}) THEN ${users.accessGivenBy}
    ELSE array_append(${users.accessGivenBy}, ${giverId}::uuid) END` as never as string[];

const revokeSessions = (tx: DbOrTx, userId: string, reason: string) =>
  tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** Whether an edit changes what the user may see and do: its role, merchant codes or vendor code. */
const changesAccess = (
  before: Pick<typeof users.$inferSelect, 'role' | 'merchantCodes' | 'vendorCode'>,
  after: Pick<typeof users.$inferSelect, 'role' | 'merchantCodes' | 'vendorCode'>,
) =>
  before.role !== after.role ||
  before.vendorCode !== after.vendorCode ||
  [...before.merchantCodes].sort().join() !== [...after.merchantCodes].sort().join();

export const updateUser = async (
  db: Db,
  user: SessionUser,
  id: string,
  input: UserUpdate,
  confirmed: Confirm,
  ip?: string,
) =>
  db.transaction(async (tx) => {
    const before = await findManageable(tx, user, id);
    const codes = await codesFor(tx, user, input);
    if (changesAccess(before, { role: input.role, ...codes })) await confirmed(tx, 'user.access');
    const [after] = await tx
      .update(users)
      .set({
        fullName: input.fullName.trim(),
        role: input.role,
        ...codes,
        ...(changesAccess(before, { role: input.role, ...codes }) ? { accessGivenBy: givenBy(user.id) } : {}),
        updatedAt: sql`now()`,
      })
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
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        mustChangePassword: true,
        accessGivenBy: givenBy(user.id),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning();
    await revokeSessions(tx, id, 'password-reset');
    await retireResetTokens(tx, id);
    await audit(tx, { ...user, ip }, { action: 'reset-password', entity: 'users', entityId: id });
    return presentUser(after);
  });
};
