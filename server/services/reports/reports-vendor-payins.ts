import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, bankEntries, vendors } from '../../db/schema';
import { REPORT_COLUMNS } from '../../../domain/reports';
import type { ReportSort, VendorPayinReportFilters, VendorPayinReportRow } from '../../schemas/reports';
import type { SessionUser } from '../common/session-user';
import { entryVisible } from '../bank-entries/bank-entries-list';
import { conditions, istDayRange, type Paging } from '../common/lists';
import { reportRows } from './report-rows';
import { dataScope } from '../common/scope';

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

const report = reportRows<VendorPayinReportRow>({
  table: bankEntries,
  createdAt: bankEntries.createdAt,
  id: bankEntries.id,
  columns: REPORT_COLUMNS['vendor-payins'],
  cells: {
    id: bankEntries.id,
    vendorCode: vendors.code,
    utr: bankEntries.utr,
    amount: bankEntries.amount,
    status: sql`CASE WHEN ${taken} THEN 'Used' ELSE 'Un-Used' END`,
    bank: bankAccounts.nickname,
    receivedAt: bankEntries.createdAt,
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(bankEntries)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
      .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
      .$dynamic(),
});

export const listVendorPayinReport = async (
  db: Db,
  user: SessionUser,
  f: VendorPayinReportFilters,
  paging: Paging<ReportSort>,
) => report.page(db, await whereOf(db, user, f), paging);

export const vendorPayinReportCsv = async (
  db: Db,
  user: SessionUser,
  f: VendorPayinReportFilters,
  paging: Paging<ReportSort>,
) => report.csvQuery(db, await whereOf(db, user, f), paging);
