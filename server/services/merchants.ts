import { and, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, merchantBankAccounts, merchants, users } from '../db/schema';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { bpsToPercent, paiseToRupees } from '../../domain/money';
import { isMerchantRole } from '../../domain/roles';
import { audit, diff } from './audit';
import type { SessionUser } from './auth';
import { generateApiKey, generateSigningSecret } from './keys';
import { likePattern, offsetOf, orderOf, type Paging } from './lists';
import { bpsFrom, checkRange, paiseFrom } from './money-input';
import { merchantCodeScope } from './scope';

type Row = typeof merchants.$inferSelect;
const parent = alias(merchants, 'parent');

export const MERCHANT_SORTS = ['createdAt', 'code', 'name'] as const;
export type MerchantSort = (typeof MERCHANT_SORTS)[number];
const SORT_COLUMNS = { createdAt: merchants.createdAt, code: merchants.code, name: merchants.name };

export interface MerchantFilters {
  q?: string;
  code?: string;
  name?: string;
  enabled?: boolean;
  testMode?: boolean;
  parentId?: string;
  topLevel?: boolean;
  ids?: string[];
}

/** What staff and merchant admins see of a merchant: never the key, its hash or the signing secret. */
export const present = (row: Row & { parentCode?: string | null }) => ({
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
  enabled: row.enabled,
  parentId: row.parentId,
  parentCode: row.parentCode ?? null,
  /** Net balance in rupees, computed on the server from the ledger; no money has moved yet. */
  balance: 0,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type MerchantView = ReturnType<typeof present>;

/** The rows a caller may see: everything for staff, their codes (and sub-merchants) for merchant admins. */
const scopeWhere = async (db: DbOrTx, user: SessionUser): Promise<SQL | undefined> => {
  const codes = await merchantCodeScope(db, user);
  if (codes === null) return undefined;
  return inArray(merchants.code, codes.length > 0 ? codes : ['']);
};

const filterWhere = (f: MerchantFilters): SQL[] =>
  [
    f.q ? sql`(${ilike(merchants.code, likePattern(f.q))} or ${ilike(merchants.name, likePattern(f.q))})` : undefined,
    f.code ? ilike(merchants.code, likePattern(f.code)) : undefined,
    f.name ? ilike(merchants.name, likePattern(f.name)) : undefined,
    f.enabled === undefined ? undefined : eq(merchants.enabled, f.enabled),
    f.testMode === undefined ? undefined : eq(merchants.testMode, f.testMode),
    f.parentId ? eq(merchants.parentId, f.parentId) : undefined,
    f.topLevel ? isNull(merchants.parentId) : undefined,
    f.ids ? inArray(merchants.id, f.ids) : undefined,
  ].filter((c): c is SQL => c !== undefined);

export const listMerchants = async (
  db: Db,
  user: SessionUser,
  filters: MerchantFilters,
  paging: Paging<MerchantSort>,
) => {
  const where = and(await scopeWhere(db, user), ...filterWhere(filters));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ m: merchants, parentCode: parent.code })
      .from(merchants)
      .leftJoin(parent, eq(parent.id, merchants.parentId))
      .where(where)
      .orderBy(...orderOf(paging, SORT_COLUMNS, merchants.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    db.select({ total: count() }).from(merchants).where(where),
  ]);
  const ids = rows.map((r) => r.m.id);
  const childCounts = ids.length
    ? await db
        .select({ parentId: merchants.parentId, n: count() })
        .from(merchants)
        .where(inArray(merchants.parentId, ids))
        .groupBy(merchants.parentId)
    : [];
  const children = new Map(childCounts.map((c) => [c.parentId, c.n]));
  return {
    data: rows.map((r) => ({
      ...present({ ...r.m, parentCode: r.parentCode }),
      subMerchantCount: children.get(r.m.id) ?? 0,
    })),
    total,
  };
};

/** One batch of the CSV export, same scope and filters as the list. */
export const exportMerchants = async (
  db: Db,
  user: SessionUser,
  filters: MerchantFilters,
  paging: Paging<MerchantSort>,
) => {
  const where = and(await scopeWhere(db, user), ...filterWhere(filters));
  return async (offset: number, limit: number) => {
    const rows = await db
      .select({ m: merchants, parentCode: parent.code })
      .from(merchants)
      .leftJoin(parent, eq(parent.id, merchants.parentId))
      .where(where)
      .orderBy(...orderOf(paging, SORT_COLUMNS, merchants.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => present({ ...r.m, parentCode: r.parentCode }));
  };
};

export const MERCHANT_CSV_COLUMNS = [
  { key: 'code', header: 'Code' },
  { key: 'name', header: 'Name' },
  { key: 'parentCode', header: 'Parent' },
  { key: 'siteUrl', header: 'Site' },
  { key: 'balance', header: 'Balance' },
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

const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const where = and(eq(merchants.id, id), await scopeWhere(db, user));
  const query = db.select().from(merchants).where(where);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Merchant');
  return row;
};

export const getMerchant = async (db: Db, user: SessionUser, id: string) => {
  const row = await findVisible(db, user, id);
  const [parentRow] = row.parentId
    ? await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.id, row.parentId))
    : [];
  const subs = await db.select().from(merchants).where(eq(merchants.parentId, row.id)).orderBy(merchants.code);
  const banks = await db
    .select({
      id: bankAccounts.id,
      nickname: bankAccounts.nickname,
      bankName: bankAccounts.bankName,
      usedFor: bankAccounts.usedFor,
      enabled: bankAccounts.enabled,
    })
    .from(merchantBankAccounts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, merchantBankAccounts.bankAccountId))
    .where(eq(merchantBankAccounts.merchantId, row.id))
    .orderBy(bankAccounts.nickname);
  return {
    ...present({ ...row, parentCode: parentRow?.code ?? null }),
    subMerchants: subs.map((s) => present({ ...s, parentCode: row.code })),
    bankAccounts: isMerchantRole(user.role) ? [] : banks,
  };
};

export interface MerchantInput {
  code?: string;
  name: string;
  siteUrl: string;
  returnUrl?: string | null;
  payinCallbackUrl?: string | null;
  payoutCallbackUrl?: string | null;
  minPayin: number;
  maxPayin: number;
  payinFeePercent: number;
  minPayout: number;
  maxPayout: number;
  payoutFeePercent: number;
  testMode?: boolean;
  disputesAllowed?: boolean;
  parentCode?: string | null;
}

const terms = (input: MerchantInput) => {
  const values = {
    minPayin: paiseFrom(input.minPayin, 'minPayin'),
    maxPayin: paiseFrom(input.maxPayin, 'maxPayin'),
    minPayout: paiseFrom(input.minPayout, 'minPayout'),
    maxPayout: paiseFrom(input.maxPayout, 'maxPayout'),
    payinFeeBps: bpsFrom(input.payinFeePercent, 'payinFeePercent'),
    payoutFeeBps: bpsFrom(input.payoutFeePercent, 'payoutFeePercent'),
  };
  checkRange(values.minPayin, values.maxPayin, 'minPayin', 'maxPayin');
  checkRange(values.minPayout, values.maxPayout, 'minPayout', 'maxPayout');
  return values;
};

const FEES_ARE_STAFF_ONLY = 'Fees are set by the gateway: only its staff can change them.';

/** Merchant admins create sub-merchants of their own merchants, with the parent's fees. */
const resolveParent = async (tx: DbOrTx, user: SessionUser, parentCode: string | null | undefined) => {
  const staff = !isMerchantRole(user.role);
  const code = parentCode?.trim() || (staff ? null : user.merchantCodes[0]);
  if (!code) return null;
  if (!staff && !user.merchantCodes.includes(code))
    throw forbidden('You can only add sub-merchants under your own merchant.');
  const [row] = await tx.select().from(merchants).where(eq(merchants.code, code));
  if (!row) throw badRequest(`Parent merchant ${code} does not exist`, 'parentCode');
  if (row.parentId) throw badRequest('A sub-merchant cannot have sub-merchants of its own', 'parentCode');
  return row;
};

export const createMerchant = async (db: Db, user: SessionUser, input: MerchantInput, ip?: string) => {
  const code = (input.code ?? '').trim().toUpperCase();
  const values = terms(input);
  const key = generateApiKey(Boolean(input.testMode));
  const signingSecret = generateSigningSecret();
  try {
    const row = await db.transaction(async (tx) => {
      const parentRow = await resolveParent(tx, user, input.parentCode);
      if (isMerchantRole(user.role)) {
        if (!parentRow) throw forbidden('You can only add sub-merchants under your own merchant.');
        if (values.payinFeeBps !== parentRow.payinFeeBps || values.payoutFeeBps !== parentRow.payoutFeeBps)
          throw forbidden(FEES_ARE_STAFF_ONLY);
      }
      const [created] = await tx
        .insert(merchants)
        .values({
          code,
          name: input.name.trim(),
          siteUrl: input.siteUrl,
          returnUrl: input.returnUrl || null,
          payinCallbackUrl: input.payinCallbackUrl || null,
          payoutCallbackUrl: input.payoutCallbackUrl || null,
          apiKeyHash: key.hash,
          apiKeyPrefix: key.prefix,
          signingSecret,
          ...values,
          testMode: input.testMode ?? false,
          disputesAllowed: input.disputesAllowed ?? true,
          parentId: parentRow?.id ?? null,
          createdBy: user.id,
        })
        .returning();
      await audit(
        tx,
        { ...user, ip },
        {
          action: 'create',
          entity: 'merchants',
          entityId: created.id,
          after: present({ ...created, parentCode: parentRow?.code }),
        },
      );
      return { ...created, parentCode: parentRow?.code ?? null };
    });
    return { ...present(row), apiKey: key.key, signingSecret };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A merchant with code ${code} already exists.`, 'DUPLICATE_CODE');
    throw error;
  }
};

export const updateMerchant = async (db: Db, user: SessionUser, id: string, input: MerchantInput, ip?: string) => {
  const values = terms(input);
  return db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    if (
      isMerchantRole(user.role) &&
      (values.payinFeeBps !== before.payinFeeBps || values.payoutFeeBps !== before.payoutFeeBps)
    ) {
      throw forbidden(FEES_ARE_STAFF_ONLY);
    }
    const [after] = await tx
      .update(merchants)
      .set({
        name: input.name.trim(),
        siteUrl: input.siteUrl,
        returnUrl: input.returnUrl || null,
        payinCallbackUrl: input.payinCallbackUrl || null,
        payoutCallbackUrl: input.payoutCallbackUrl || null,
        ...values,
        testMode: input.testMode ?? before.testMode,
        disputesAllowed: input.disputesAllowed ?? before.disputesAllowed,
        updatedAt: sql`now()`,
      })
      .where(eq(merchants.id, id))
      .returning();
    const changes = diff(present(before), present(after));
    await audit(tx, { ...user, ip }, { action: 'update', entity: 'merchants', entityId: id, ...changes });
    return present(after);
  });
};

export const setMerchantEnabled = async (db: Db, user: SessionUser, id: string, enabled: boolean, ip?: string) =>
  db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    const [after] = await tx
      .update(merchants)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(merchants.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      {
        action: enabled ? 'enable' : 'disable',
        entity: 'merchants',
        entityId: id,
        before: { enabled: before.enabled },
        after: { enabled },
      },
    );
    return present(after);
  });

export const rotateMerchantKey = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    const key = generateApiKey(before.testMode);
    const signingSecret = generateSigningSecret();
    const [after] = await tx
      .update(merchants)
      .set({ apiKeyHash: key.hash, apiKeyPrefix: key.prefix, signingSecret, updatedAt: sql`now()` })
      .where(eq(merchants.id, id))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      {
        action: 'rotate',
        entity: 'merchants',
        entityId: id,
        before: { apiKeyPrefix: before.apiKeyPrefix },
        after: { apiKeyPrefix: key.prefix },
      },
    );
    return { ...present(after), apiKey: key.key, signingSecret };
  });

/** A merchant with history (sub-merchants, users, bank links) is disabled, never deleted. */
export const deleteMerchant = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    const row = await findVisible(tx, user, id, true);
    const [[subs], [links], [people]] = await Promise.all([
      tx.select({ n: count() }).from(merchants).where(eq(merchants.parentId, id)),
      tx.select({ n: count() }).from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, id)),
      tx
        .select({ n: count() })
        .from(users)
        .where(sql`${users.merchantCodes} @> ARRAY[${row.code}]::text[]`),
    ]);
    if (subs.n + links.n + people.n > 0) {
      throw new AppError(
        409,
        'HAS_HISTORY',
        'This merchant has sub-merchants, users or bank accounts: disable it instead of deleting it.',
      );
    }
    await tx.delete(merchants).where(eq(merchants.id, id));
    await audit(tx, { ...user, ip }, { action: 'delete', entity: 'merchants', entityId: id, before: present(row) });
    return present(row);
  });
