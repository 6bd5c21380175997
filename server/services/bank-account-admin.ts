import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, merchantBankAccounts, merchants, vendors } from '../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors';
import { SEES_FULL_ACCOUNT_NUMBERS } from '../../domain/access';
import { paiseToRupees } from '../../domain/money';
import { isVendorRole } from '../../domain/roles';
import { audit, diff } from './audit';
import type { SessionUser } from './auth';
import { likePattern, offsetOf, orderOf, type Paging } from './lists';
import { checkRange, paiseFrom } from './money-input';

type Row = typeof bankAccounts.$inferSelect;

export const BANK_SORTS = ['createdAt', 'nickname', 'bankName'] as const;
export type BankSort = (typeof BANK_SORTS)[number];
const SORT_COLUMNS = {
  createdAt: bankAccounts.createdAt,
  nickname: bankAccounts.nickname,
  bankName: bankAccounts.bankName,
};

export interface BankFilters {
  q?: string;
  nickname?: string;
  bankName?: string;
  usedFor?: 'PAYIN' | 'PAYOUT';
  vendorCode?: string;
  merchantCode?: string;
  enabled?: boolean;
  ids?: string[];
}

/** All but the last four digits hidden for everyone but the roles that need the number. */
export const maskAccountNumber = (value: string) => `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;

const present = (row: Row, extra: { vendorCode: string; merchantCodes: string[] }, user: SessionUser | 'audit') => ({
  id: row.id,
  nickname: row.nickname,
  bankName: row.bankName,
  holderName: row.holderName,
  accountNumber:
    user === 'audit' || SEES_FULL_ACCOUNT_NUMBERS.includes(user.role)
      ? row.accountNumber
      : maskAccountNumber(row.accountNumber),
  ifsc: row.ifsc,
  upiId: row.upiId,
  usedFor: row.usedFor,
  showQr: row.showQr,
  showBankDetails: row.showBankDetails,
  minPayin: paiseToRupees(row.minPayin),
  maxPayin: paiseToRupees(row.maxPayin),
  dailyLimit: row.dailyLimit === null ? null : paiseToRupees(row.dailyLimit),
  enabled: row.enabled,
  vendorId: row.vendorId,
  vendorCode: extra.vendorCode,
  merchantCodes: extra.merchantCodes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The linked merchant codes of the given accounts, looked up for the page's rows only. */
const linkedCodesOf = async (db: DbOrTx, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ id: merchantBankAccounts.bankAccountId, code: merchants.code })
    .from(merchantBankAccounts)
    .innerJoin(merchants, eq(merchants.id, merchantBankAccounts.merchantId))
    .where(inArray(merchantBankAccounts.bankAccountId, ids))
    .orderBy(merchants.code);
  const codes = new Map<string, string[]>();
  for (const row of rows) codes.set(row.id, [...(codes.get(row.id) ?? []), row.code]);
  return codes;
};

/** Vendor users see only their vendor's accounts, whatever they filter by. */
const scopeWhere = (user: SessionUser): SQL | undefined =>
  isVendorRole(user.role) ? eq(vendors.code, user.vendorCode ?? '') : undefined;

const filterWhere = (f: BankFilters): SQL[] =>
  [
    f.q
      ? or(
          ilike(bankAccounts.nickname, likePattern(f.q)),
          ilike(bankAccounts.bankName, likePattern(f.q)),
          ilike(bankAccounts.upiId, likePattern(f.q)),
        )
      : undefined,
    f.nickname ? ilike(bankAccounts.nickname, likePattern(f.nickname)) : undefined,
    f.bankName ? ilike(bankAccounts.bankName, likePattern(f.bankName)) : undefined,
    f.usedFor ? eq(bankAccounts.usedFor, f.usedFor) : undefined,
    f.vendorCode ? eq(vendors.code, f.vendorCode) : undefined,
    f.merchantCode
      ? sql`exists (select 1 from ${merchantBankAccounts} mb join ${merchants} m on m.id = mb.merchant_id where mb.bank_account_id = ${bankAccounts.id} and m.code = ${f.merchantCode})`
      : undefined,
    f.enabled === undefined ? undefined : eq(bankAccounts.enabled, f.enabled),
    f.ids ? inArray(bankAccounts.id, f.ids) : undefined,
  ].filter((c): c is SQL => c !== undefined);

const selectRows = (db: DbOrTx) =>
  db
    .select({ b: bankAccounts, vendorCode: vendors.code })
    .from(bankAccounts)
    .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId));

const withCodes = async (db: DbOrTx, rows: { b: Row; vendorCode: string }[], user: SessionUser | 'audit') => {
  const codes = await linkedCodesOf(
    db,
    rows.map((r) => r.b.id),
  );
  return rows.map((r) => present(r.b, { vendorCode: r.vendorCode, merchantCodes: codes.get(r.b.id) ?? [] }, user));
};

export const bankBatches = (db: Db, user: SessionUser, filters: BankFilters, paging: Paging<BankSort>) => {
  const where = and(scopeWhere(user), ...filterWhere(filters));
  return async (offset: number, limit: number) => {
    const rows = await selectRows(db)
      .where(where)
      .orderBy(...orderOf(paging, SORT_COLUMNS, bankAccounts.id))
      .limit(limit)
      .offset(offset);
    return withCodes(db, rows, user);
  };
};

export const listBankAccounts = async (db: Db, user: SessionUser, filters: BankFilters, paging: Paging<BankSort>) => {
  const where = and(scopeWhere(user), ...filterWhere(filters));
  const [data, [{ total }]] = await Promise.all([
    bankBatches(db, user, filters, paging)(offsetOf(paging), paging.pageSize),
    db
      .select({ total: count() })
      .from(bankAccounts)
      .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
      .where(where),
  ]);
  return { data, total };
};

export const BANK_CSV_COLUMNS = [
  { key: 'nickname', header: 'Account Name' },
  { key: 'bankName', header: 'Bank' },
  { key: 'holderName', header: 'Holder' },
  { key: 'accountNumber', header: 'Account Number' },
  { key: 'ifsc', header: 'IFSC' },
  { key: 'upiId', header: 'UPI ID' },
  { key: 'usedFor', header: 'Used For' },
  { key: 'minPayin', header: 'Min Payin' },
  { key: 'maxPayin', header: 'Max Payin' },
  { key: 'dailyLimit', header: 'Daily Limit' },
  { key: 'showQr', header: 'QR' },
  { key: 'showBankDetails', header: 'Bank Details' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'vendorCode', header: 'Vendor' },
  { key: 'merchantCodes', header: 'Merchants' },
  { key: 'createdAt', header: 'Created At' },
];

const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select({ b: bankAccounts })
    .from(bankAccounts)
    .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
    .where(and(eq(bankAccounts.id, id), scopeWhere(user)));
  const [row] = lock ? await query.for('update', { of: bankAccounts }) : await query;
  if (!row) throw notFound('Bank account');
  return row.b;
};

/** The account as the caller sees it; 'audit' is the unmasked record the audit log keeps. */
const view = async (db: DbOrTx, user: SessionUser | 'audit', id: string) => {
  const [shown] = await withCodes(db, await selectRows(db).where(eq(bankAccounts.id, id)), user);
  return shown;
};

export const getBankAccount = async (db: Db, user: SessionUser, id: string) => {
  await findVisible(db, user, id);
  return view(db, user, id);
};

export interface BankInput {
  nickname?: string;
  bankName: string;
  holderName: string;
  accountNumber?: string;
  ifsc: string;
  upiId?: string | null;
  usedFor?: 'PAYIN' | 'PAYOUT';
  showQr?: boolean;
  showBankDetails?: boolean;
  minPayin: number;
  maxPayin: number;
  dailyLimit?: number | null;
  enabled?: boolean;
  vendorCode?: string;
}

const limits = (input: BankInput) => {
  const values = {
    minPayin: paiseFrom(input.minPayin, 'minPayin'),
    maxPayin: paiseFrom(input.maxPayin, 'maxPayin'),
    dailyLimit:
      input.dailyLimit === null || input.dailyLimit === undefined ? null : paiseFrom(input.dailyLimit, 'dailyLimit'),
  };
  checkRange(values.minPayin, values.maxPayin, 'minPayin', 'maxPayin');
  if (values.dailyLimit !== null) checkRange(values.maxPayin, values.dailyLimit, 'maxPayin', 'dailyLimit');
  return values;
};

const details = (input: BankInput, current?: Row) => ({
  bankName: input.bankName.trim(),
  holderName: input.holderName.trim(),
  accountNumber: input.accountNumber?.trim() || current?.accountNumber || '',
  ifsc: input.ifsc.trim().toUpperCase(),
  upiId: input.upiId?.trim() || null,
});

const vendorIdOf = async (tx: DbOrTx, code: string) => {
  const [row] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, code.trim().toUpperCase()));
  if (!row) throw badRequest(`Vendor ${code} does not exist`, 'vendorCode');
  return row.id;
};

const duplicate = (error: unknown, nickname: string) =>
  isUniqueViolation(error) ? conflict(`A bank account named ${nickname} already exists.`, 'DUPLICATE_NICKNAME') : error;

export const createBankAccount = async (db: Db, user: SessionUser, input: BankInput, ip?: string) => {
  const nickname = (input.nickname ?? '').trim();
  const values = { ...details(input), ...limits(input) };
  try {
    return await db.transaction(async (tx) => {
      const vendorId = await vendorIdOf(tx, input.vendorCode ?? '');
      const [row] = await tx
        .insert(bankAccounts)
        .values({
          nickname,
          ...values,
          usedFor: input.usedFor ?? 'PAYIN',
          showQr: input.showQr ?? true,
          showBankDetails: input.showBankDetails ?? true,
          enabled: input.enabled ?? true,
          vendorId,
          createdBy: user.id,
        })
        .returning();
      await audit(
        tx,
        { ...user, ip },
        { action: 'create', entity: 'bank-accounts', entityId: row.id, after: await view(tx, 'audit', row.id) },
      );
      return view(tx, user, row.id);
    });
  } catch (error) {
    throw duplicate(error, nickname);
  }
};

/** The numbers money is sent to: changing them needs the password again. */
const NUMBER_FIELDS = ['accountNumber', 'ifsc', 'upiId', 'holderName'] as const;

export const updateBankAccount = async (
  db: Db,
  user: SessionUser,
  id: string,
  input: BankInput,
  confirmed: () => void,
  ip?: string,
) => {
  const terms = limits(input);
  return db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    const shownBefore = await view(tx, 'audit', id);
    const values = { ...details(input, before), ...terms };
    if (NUMBER_FIELDS.some((f) => (values[f] ?? null) !== (before[f] ?? null))) confirmed();
    await tx
      .update(bankAccounts)
      .set({
        ...values,
        showQr: input.showQr ?? before.showQr,
        showBankDetails: input.showBankDetails ?? before.showBankDetails,
        updatedAt: sql`now()`,
      })
      .where(eq(bankAccounts.id, id));
    const shownAfter = await view(tx, 'audit', id);
    await audit(
      tx,
      { ...user, ip },
      { action: 'update', entity: 'bank-accounts', entityId: id, ...diff(shownBefore, shownAfter) },
    );
    return view(tx, user, id);
  });
};

export interface BankFlags {
  enabled?: boolean;
  showQr?: boolean;
  showBankDetails?: boolean;
}

/** The switches of the list; turning an account on or off needs the password again. */
export const setBankFlags = async (
  db: Db,
  user: SessionUser,
  id: string,
  flags: BankFlags,
  confirmed: () => void,
  ip?: string,
) => {
  if (flags.enabled === undefined && flags.showQr === undefined && flags.showBankDetails === undefined) {
    throw badRequest('Nothing to change: send enabled, showQr or showBankDetails', 'enabled');
  }
  if (flags.enabled !== undefined) confirmed();
  return db.transaction(async (tx) => {
    await findVisible(tx, user, id, true);
    const shownBefore = await view(tx, 'audit', id);
    await tx
      .update(bankAccounts)
      .set({ ...flags, updatedAt: sql`now()` })
      .where(eq(bankAccounts.id, id));
    const shownAfter = await view(tx, 'audit', id);
    const action = flags.enabled === undefined ? 'update' : flags.enabled ? 'enable' : 'disable';
    await audit(
      tx,
      { ...user, ip },
      { action, entity: 'bank-accounts', entityId: id, ...diff(shownBefore, shownAfter) },
    );
    return view(tx, user, id);
  });
};

/** The merchants named, and with includeSubMerchants their enabled sub-merchants too. */
const merchantIdsFor = async (tx: DbOrTx, codes: string[], includeSubMerchants: boolean) => {
  const named = await tx
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.code, codes));
  const missing = codes.filter((c) => !named.some((m) => m.code === c));
  if (missing.length > 0) throw badRequest(`Unknown merchant ${missing.join(', ')}`, 'merchantCodes');
  const ids = named.map((m) => m.id);
  if (!includeSubMerchants || ids.length === 0) return ids;
  const subs = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(inArray(merchants.parentId, ids), eq(merchants.enabled, true)));
  return [...new Set([...ids, ...subs.map((s) => s.id)])];
};

export const linkMerchants = async (
  db: Db,
  user: SessionUser,
  id: string,
  codes: string[],
  includeSubMerchants: boolean,
  link: boolean,
  ip?: string,
) =>
  db.transaction(async (tx) => {
    await findVisible(tx, user, id, true);
    const merchantIds = await merchantIdsFor(tx, codes, includeSubMerchants);
    const before = (await view(tx, user, id)).merchantCodes;
    if (link) {
      await tx
        .insert(merchantBankAccounts)
        .values(merchantIds.map((merchantId) => ({ merchantId, bankAccountId: id })))
        .onConflictDoNothing();
    } else {
      await tx
        .delete(merchantBankAccounts)
        .where(and(eq(merchantBankAccounts.bankAccountId, id), inArray(merchantBankAccounts.merchantId, merchantIds)));
    }
    const after = await view(tx, user, id);
    await audit(
      tx,
      { ...user, ip },
      {
        action: link ? 'link' : 'unlink',
        entity: 'bank-accounts',
        entityId: id,
        before: { merchantCodes: before },
        after: { merchantCodes: after.merchantCodes },
      },
    );
    return after;
  });

/** Only an account never linked to a merchant is deleted; otherwise it is disabled. */
export const deleteBankAccount = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    await findVisible(tx, user, id, true);
    const shown = await view(tx, 'audit', id);
    if (shown.merchantCodes.length > 0)
      throw new AppError(
        409,
        'HAS_HISTORY',
        'This bank account is linked to merchants: unlink them or disable it instead.',
      );
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
    await audit(tx, { ...user, ip }, { action: 'delete', entity: 'bank-accounts', entityId: id, before: shown });
    return {
      ...shown,
      accountNumber: SEES_FULL_ACCOUNT_NUMBERS.includes(user.role)
        ? shown.accountNumber
        : maskAccountNumber(shown.accountNumber),
    };
  });
