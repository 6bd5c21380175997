import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, bankEntries, checkerRequests, payins, users } from '../../db/schema';
import { FOUR_EYES } from '../../../domain/four-eyes';
import { notFound } from '../../errors';
import { belongsToVendor } from '../../../domain/scope';
import { paiseToRupees } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type { BankEntryFilters, BankEntrySort, BankEntryView } from '../../schemas/bank-entries';
import type { SessionUser } from '../common/session-user';
import { conditions, cursorFields, istDayRange, sortKey, type Paging } from '../common/lists';
import { keysetList, type ExtraFields } from '../common/keyset-list';
import { paiseFrom } from '../common/money-input';
import { maskedUtr } from '../../../domain/utr-uses';
import { dataScope, scopeWhere, type DataScope } from '../common/scope';

type Filters = ListFilters<typeof BankEntryFilters>;
type EntryRow = typeof bankEntries.$inferSelect;

const SORT_COLUMNS = { createdAt: bankEntries.createdAt, amount: bankEntries.amount };
const adder = alias(users, 'adder');

/** Vendors see the credits of their own bank accounts; merchants none. */
export const entryVisible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, {
    vendorCode: (code) => eq(bankEntries.vendorCode, code),
  });

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.utr && eq(bankEntries.utr, f.utr.replace(/\s+/g, '')),
    f.bankAccountId && eq(bankEntries.bankAccountId, f.bankAccountId),
    f.amount !== undefined && eq(bankEntries.amount, paiseFrom(f.amount, 'amount')),
    f.amountCode && eq(bankEntries.amountCode, f.amountCode.toUpperCase()),
    f.used === 'Used' && sql`${bankEntries.payinId} IS NOT NULL`,
    f.used === 'UnUsed' && sql`${bankEntries.payinId} IS NULL AND ${bankEntries.vendorSettlementId} IS NULL`,
    f.used === 'InternalTransfer' && sql`${bankEntries.vendorSettlementId} IS NOT NULL`,
    f.staleMinutes !== undefined &&
      sql`${bankEntries.createdAt} < now() - make_interval(mins => ${f.staleMinutes}::int)`,
    f.source && f.source.length > 0 && inArray(bankEntries.source, f.source),
    f.ids && inArray(bankEntries.id, f.ids),
    ...istDayRange(bankEntries.createdAt, f.from, f.to),
  );

const selectRows = (
  db: DbOrTx,
  key = sortKey({ page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' }, SORT_COLUMNS, bankEntries.id),
  extra: ExtraFields = {},
) =>
  db
    .select({
      e: bankEntries,
      bankNickname: bankAccounts.nickname,
      merchantOrderId: payins.merchantOrderId,
      createdBy: adder.userName,
      awaitingChecker: checkerRequests.makerName,
      ...cursorFields(key),
      ...extra,
    })
    .from(bankEntries)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
    .leftJoin(payins, eq(payins.id, bankEntries.payinId))
    .leftJoin(adder, eq(adder.id, bankEntries.createdBy))
    .leftJoin(
      checkerRequests,
      and(
        eq(checkerRequests.entity, FOUR_EYES['bank-entry.reset'].entity),
        eq(checkerRequests.entityId, bankEntries.id),
      ),
    )
    .$dynamic();

type Joined = {
  e: EntryRow;
  bankNickname: string;
  merchantOrderId: string | null;
  createdBy: string | null;
  awaitingChecker: string | null;
};

const present = (r: Joined, forVendor: boolean): BankEntryView => ({
  id: r.e.id,
  bankAccountId: r.e.bankAccountId,
  bankNickname: r.bankNickname,
  utr: forVendor && r.e.payinId === null && r.e.vendorSettlementId === null ? maskedUtr(r.e.utr) : r.e.utr,
  amount: paiseToRupees(r.e.amount),
  amountCode: r.e.amountCode,
  source: r.e.source,
  used: r.e.payinId !== null || r.e.vendorSettlementId !== null,
  payinId: r.e.payinId,
  vendorSettlementId: r.e.vendorSettlementId,
  ...(forVendor ? {} : { merchantOrderId: r.merchantOrderId }),
  usedAt: r.e.usedAt?.toISOString() ?? null,
  ...(forVendor ? {} : { awaitingChecker: r.awaitingChecker }),
  createdBy: r.createdBy,
  createdAt: r.e.createdAt.toISOString(),
});

/** The list as a caller sees it: a vendor's users see an unused entry's UTR masked, and no order ids. */
const entryList = (user: SessionUser) =>
  keysetList({
    table: bankEntries,
    sorts: SORT_COLUMNS,
    id: bankEntries.id,
    select: selectRows,
    present: (r) => present(r, belongsToVendor(user.role)),
  });

const whereOf = async (db: DbOrTx, user: SessionUser, f: Filters) =>
  and(entryVisible(await dataScope(db, user)), ...filterWhere(f));

export const listEntries = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<BankEntrySort>) =>
  entryList(user).page(db, await whereOf(db, user, filters), paging);

export const exportEntries = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<BankEntrySort>) =>
  entryList(user).batches(db, await whereOf(db, user, filters), paging);

export const ENTRY_CSV_COLUMNS = [
  { key: 'createdAt', header: 'Created At (IST)' },
  { key: 'utr', header: 'UTR' },
  { key: 'amount', header: 'Amount' },
  { key: 'amountCode', header: 'Amount Code' },
  { key: 'bankNickname', header: 'Bank' },
  { key: 'source', header: 'Source' },
  { key: 'used', header: 'Used' },
  { key: 'merchantOrderId', header: 'Merchant Order ID' },
  { key: 'createdBy', header: 'Added By' },
];

export const findVisibleEntry = async (db: DbOrTx, user: SessionUser, id: string) => {
  const [row] = await db
    .select()
    .from(bankEntries)
    .where(and(eq(bankEntries.id, id), entryVisible(await dataScope(db, user))));
  if (!row) throw notFound('Bank entry');
  return row;
};

/** Several entries as their callers see them, in one query (a batch of entries just recorded). */
export const viewEntries = async (db: DbOrTx, wanted: { id: string; user: SessionUser }[]) => {
  const rows =
    wanted.length === 0
      ? []
      : await selectRows(db).where(
          inArray(
            bankEntries.id,
            wanted.map((w) => w.id),
          ),
        );
  const byId = new Map(rows.map((r) => [r.e.id, r]));
  return wanted.map(({ id, user }) => {
    const row = byId.get(id);
    if (!row) throw notFound('Bank entry');
    return present(row, belongsToVendor(user.role));
  });
};

export const viewEntry = async (db: DbOrTx, user: SessionUser, id: string): Promise<BankEntryView> => {
  const [row] = await selectRows(db).where(eq(bankEntries.id, id));
  if (!row) throw notFound('Bank entry');
  return present(row, belongsToVendor(user.role));
};

export const getEntry = async (db: Db, user: SessionUser, id: string) => {
  await findVisibleEntry(db, user, id);
  return viewEntry(db, user, id);
};
