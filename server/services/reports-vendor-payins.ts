import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, bankEntries, vendors } from '../db/schema';
import { paiseToRupees } from '../../domain/money';
import type { ReportSort, VendorPayinReportFilters, VendorPayinReportRow } from '../schemas/reports';
import type { SessionUser } from './auth';
import { entryVisible } from './bank-entries-list';
import { keysetList } from './keyset-list';
import { conditions, cursorFields, istDayRange, type Paging } from './lists';
import { dataScope } from './scope';

/**
 * The Vendor Payins report (issue 13, item 4): the credits recorded on vendors' bank accounts (Add
 * data), in the Add data list's scope (bank-entries-list), read over IST days of when they were added.
 */
const taken = or(isNotNull(bankEntries.payinId), isNotNull(bankEntries.vendorSettlementId));
const free = and(isNull(bankEntries.payinId), isNull(bankEntries.vendorSettlementId));

const whereOf = async (db: DbOrTx, user: SessionUser, f: VendorPayinReportFilters) => {
  const accountsOf = (codes: string[]) =>
    db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
      .where(inArray(vendors.code, codes));
  return and(
    entryVisible(await dataScope(db, user)),
    ...conditions(
      f.vendorCode && f.vendorCode.length > 0 && inArray(bankEntries.bankAccountId, accountsOf(f.vendorCode)),
      f.status === 'Used' && taken,
      f.status === 'Un-Used' && free,
    ),
    ...istDayRange(bankEntries.createdAt, f.from, f.to),
  );
};

const report = keysetList({
  table: bankEntries,
  sorts: { createdAt: bankEntries.createdAt },
  id: bankEntries.id,
  select: (db, key) =>
    db
      .select({
        id: bankEntries.id,
        vendorCode: vendors.code,
        utr: bankEntries.utr,
        amount: bankEntries.amount,
        payinId: bankEntries.payinId,
        vendorSettlementId: bankEntries.vendorSettlementId,
        bank: bankAccounts.nickname,
        createdAt: bankEntries.createdAt,
        ...cursorFields(key),
      })
      .from(bankEntries)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
      .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
      .$dynamic(),
  present: (r): VendorPayinReportRow => ({
    id: r.id,
    vendorCode: r.vendorCode,
    utr: r.utr,
    amount: paiseToRupees(r.amount),
    status: r.payinId !== null || r.vendorSettlementId !== null ? 'Used' : 'Un-Used',
    bank: r.bank,
    receivedAt: r.createdAt.toISOString(),
  }),
});

export const listVendorPayinReport = async (
  db: Db,
  user: SessionUser,
  f: VendorPayinReportFilters,
  paging: Paging<ReportSort>,
) => report.page(db, await whereOf(db, user, f), paging);

export const vendorPayinReportBatches = async (
  db: Db,
  user: SessionUser,
  f: VendorPayinReportFilters,
  paging: Paging<ReportSort>,
) => report.batches(db, await whereOf(db, user, f), paging);
