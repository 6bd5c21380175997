import { and, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, merchantBankAccounts, merchants, vendors } from '../../db/schema';
import { notFound } from '../../errors';
import { SEES_FULL_ACCOUNT_NUMBERS } from '../../../domain/access';
import { approvalOf, maskAccountNumber } from '../../../domain/bank-account';
import { paiseToRupees, rupeesOrNull } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type { BankFilters, BankListRow, BankSort, BankView } from '../../schemas/bank-accounts';
import type { SessionUser } from '../common/session-user';
import { bankRangeMoney, istDaysOrToday } from '../ledger/balances';
import { makersOf } from './bank-account-makers';
import { conditions, cursorFields, likePattern, sortKey, type Paging } from '../common/lists';
import { keysetList, type ExtraFields } from '../common/keyset-list';
import { dataScope, scopeWhere } from '../common/scope';

export type BankRow = typeof bankAccounts.$inferSelect;
type Filters = ListFilters<typeof BankFilters>;
/** Who the account is shown to: a caller (numbers masked by role), or the audit log (unmasked). */
export type Viewer = SessionUser | 'audit';

const SORT_COLUMNS = {
  createdAt: bankAccounts.createdAt,
  nickname: bankAccounts.nickname,
  bankName: bankAccounts.bankName,
};
const DEFAULT_PAGING = { page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' } as const;

export const shownNumber = (accountNumber: string, viewer: Viewer) =>
  viewer === 'audit' || SEES_FULL_ACCOUNT_NUMBERS.includes(viewer.role)
    ? accountNumber
    : maskAccountNumber(accountNumber);

const present = (
  row: BankRow,
  extra: { vendorCode: string; merchantCodes: string[]; makers: string[] },
  viewer: Viewer,
): BankView => ({
  id: row.id,
  nickname: row.nickname,
  bankName: row.bankName,
  holderName: row.holderName,
  accountNumber: shownNumber(row.accountNumber, viewer),
  ifsc: row.ifsc,
  upiId: row.upiId,
  usedFor: row.usedFor,
  showQr: row.showQr,
  showBankDetails: row.showBankDetails,
  minPayin: paiseToRupees(row.minPayin),
  maxPayin: paiseToRupees(row.maxPayin),
  dailyLimit: rupeesOrNull(row.dailyLimit),
  enabled: row.enabled,
  vendorId: row.vendorId,
  vendorCode: extra.vendorCode,
  merchantCodes: extra.merchantCodes,
  createdBy: row.createdBy,
  approval: approvalOf(row),
  approvedBy: row.approvedBy,
  approvedAt: row.approvedAt?.toISOString() ?? null,
  makers: extra.makers,
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

/** Accounts linked to one of these merchant codes. */
const linkedTo = (db: DbOrTx, codes: string[]) =>
  exists(
    db
      .select({ one: merchantBankAccounts.bankAccountId })
      .from(merchantBankAccounts)
      .innerJoin(merchants, eq(merchants.id, merchantBankAccounts.merchantId))
      .where(and(eq(merchantBankAccounts.bankAccountId, bankAccounts.id), inArray(merchants.code, codes))),
  );

/** Accounts of the vendor with this code, on the account's own column (the list's count reads no join). */
const ofVendor = (db: DbOrTx, code: string) =>
  inArray(bankAccounts.vendorId, db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, code)));

/** A vendor's users see its accounts; a merchant's users the accounts linked to their merchants. */
const visible = async (db: DbOrTx, user: SessionUser): Promise<SQL | undefined> =>
  scopeWhere(await dataScope(db, user), {
    vendorCode: (code) => ofVendor(db, code),
    merchantCodes: (codes) => linkedTo(db, codes),
  });

const filterWhere = (db: DbOrTx, f: Filters): SQL[] =>
  conditions(
    f.q &&
      or(
        ilike(bankAccounts.nickname, likePattern(f.q)),
        ilike(bankAccounts.bankName, likePattern(f.q)),
        ilike(bankAccounts.upiId, likePattern(f.q)),
      ),
    f.nickname && ilike(bankAccounts.nickname, likePattern(f.nickname)),
    f.bankName && ilike(bankAccounts.bankName, likePattern(f.bankName)),
    f.usedFor && eq(bankAccounts.usedFor, f.usedFor),
    f.vendorCode && ofVendor(db, f.vendorCode),
    f.merchantCode && linkedTo(db, [f.merchantCode]),
    f.enabled !== undefined && eq(bankAccounts.enabled, f.enabled),
    f.ids && inArray(bankAccounts.id, f.ids),
  );

/** The accounts with their vendor's code, and (with a sort key) the cursor of each row. */
const selectRows = (
  db: DbOrTx,
  key = sortKey(DEFAULT_PAGING, SORT_COLUMNS, bankAccounts.id),
  extra: ExtraFields = {},
) =>
  db
    .select({ b: bankAccounts, vendorCode: vendors.code, ...cursorFields(key), ...extra })
    .from(bankAccounts)
    .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
    .$dynamic();

/** The page's rows with their merchants and, for callers (not the audit log), their makers. */
const withCodes = async (db: DbOrTx, rows: { b: BankRow; vendorCode: string }[], viewer: Viewer) => {
  const accounts = rows.map((r) => r.b);
  // One after the other: inside a transaction both go through the one connection.
  const codes = await linkedCodesOf(
    db,
    accounts.map((b) => b.id),
  );
  const makers = viewer === 'audit' ? new Map<string, string[]>() : await makersOf(db, accounts);
  return rows.map((r) =>
    present(
      r.b,
      { vendorCode: r.vendorCode, merchantCodes: codes.get(r.b.id) ?? [], makers: makers.get(r.b.id) ?? [] },
      viewer,
    ),
  );
};

/** The page's rows with what moved through each over the filter's IST days (today by default). */
const withBalances = async (db: DbOrTx, shown: BankView[], f: Filters): Promise<BankListRow[]> => {
  const moved = await bankRangeMoney(db, shown, istDaysOrToday(f.from, f.to));
  return shown.map((b) => ({ ...b, balance: paiseToRupees(moved.get(b.id) ?? 0) }));
};

/** The list as a caller sees it: numbers masked by role, with what moved over the filter's days. */
const accountList = (user: SessionUser, f: Filters) =>
  keysetList({
    table: bankAccounts,
    sorts: SORT_COLUMNS,
    id: bankAccounts.id,
    select: selectRows,
    presentRows: async (db, rows) => withBalances(db, await withCodes(db, rows, user), f),
  });

const whereOf = async (db: DbOrTx, user: SessionUser, f: Filters) =>
  and(await visible(db, user), ...filterWhere(db, f));

export const listBankAccounts = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<BankSort>) =>
  accountList(user, filters).page(db, await whereOf(db, user, filters), paging);

export const exportBankAccounts = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<BankSort>) =>
  accountList(user, filters).batches(db, await whereOf(db, user, filters), paging);

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
  { key: 'balance', header: 'Balance' },
  { key: 'showQr', header: 'QR' },
  { key: 'showBankDetails', header: 'Bank Details' },
  { key: 'enabled', header: 'Enabled' },
  { key: 'vendorCode', header: 'Vendor' },
  { key: 'merchantCodes', header: 'Merchants' },
  { key: 'approval', header: 'Approval' },
  { key: 'createdAt', header: 'Created At (IST)' },
];

/** The account if the caller may see it (locked for a change), else 404. */
export const findVisible = async (db: DbOrTx, user: SessionUser, id: string, lock = false) => {
  const query = db
    .select({ b: bankAccounts })
    .from(bankAccounts)
    .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
    .where(and(eq(bankAccounts.id, id), await visible(db, user)));
  const [row] = lock ? await query.for('update', { of: bankAccounts }) : await query;
  if (!row) throw notFound('Bank account');
  return row.b;
};

/** The account as a viewer sees it. */
export const viewBankAccount = async (db: DbOrTx, viewer: Viewer, id: string) => {
  const [shown] = await withCodes(db, await selectRows(db).where(eq(bankAccounts.id, id)), viewer);
  return shown;
};

export const getBankAccount = async (db: Db, user: SessionUser, id: string) => {
  await findVisible(db, user, id);
  return viewBankAccount(db, user, id);
};
