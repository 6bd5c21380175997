import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { payouts } from '../db/schema';
import { paiseToRupees } from '../../domain/money';
import { payoutDescription, rangeOnConfirmation } from '../../domain/reports';
import { belongsToVendor } from '../../domain/scope';
import type {
  PayoutReportFilters,
  PayoutReportRow,
  ReportSort,
  VendorPayoutReportFilters,
  VendorPayoutReportRow,
} from '../schemas/reports';
import type { SessionUser } from './auth';
import { keysetList } from './keyset-list';
import { conditions, cursorFields, istDayRange, type Paging, type SortKey } from './lists';
import { payoutFilterWhere, payoutVisible } from './payouts-list';
import { dataScope } from './scope';

/**
 * The Payouts and Vendor Payouts reports (issue 13, item 4): the Withdrawal list's scope and
 * filters (payouts-list), real pay-outs only, read over IST days of their creation, or of their
 * completion when the report asks for SUCCESS alone. Vendor Payouts are those given to a vendor.
 */
const whereOf = async (
  db: DbOrTx,
  user: SessionUser,
  f: Partial<PayoutReportFilters & VendorPayoutReportFilters>,
  extra: (SQL | undefined | false)[] = [],
) => {
  const scope = await dataScope(db, user);
  const filters = { merchantCode: f.merchantCode, includeSubMerchants: f.includeSubMerchants, status: f.status };
  return and(
    payoutVisible(scope),
    eq(payouts.test, false),
    ...(await payoutFilterWhere(db, filters, scope)),
    ...conditions(f.method && f.method.length > 0 && inArray(payouts.method, f.method), ...extra),
    ...istDayRange(rangeOnConfirmation(f.status) ? payouts.completedAt : payouts.createdAt, f.from, f.to),
  );
};

const select = (db: DbOrTx, key: SortKey) =>
  db
    .select({
      id: payouts.id,
      status: payouts.status,
      reason: payouts.reason,
      amount: payouts.amount,
      fee: payouts.fee,
      utr: payouts.utr,
      merchantCode: payouts.merchantCode,
      vendorCode: payouts.vendorCode,
      merchantOrderId: payouts.merchantOrderId,
      customerId: payouts.customerId,
      accountNumber: sql<string | null>`coalesce(${payouts.accountNumber}, ${payouts.upiId})`,
      accountHolder: payouts.accountHolder,
      ifsc: payouts.ifsc,
      createdAt: payouts.createdAt,
      completedAt: payouts.completedAt,
      ...cursorFields(key),
    })
    .from(payouts)
    .$dynamic();
type Row = Awaited<ReturnType<typeof select>>[number];

const common = (r: Row) => ({
  id: r.id,
  status: r.status,
  description: payoutDescription(r.status, r.reason),
  amount: paiseToRupees(r.amount),
  utr: r.utr,
  customerId: r.customerId,
  accountNumber: r.accountNumber,
  accountHolder: r.accountHolder,
  ifsc: r.ifsc,
  initiatedAt: r.createdAt.toISOString(),
  confirmedAt: r.completedAt?.toISOString() ?? null,
});

const reportOf = <V extends object>(present: (r: Row) => V) =>
  keysetList({ table: payouts, sorts: { createdAt: payouts.createdAt }, id: payouts.id, select, present });

const merchantReport = reportOf(
  (r): PayoutReportRow => ({
    ...common(r),
    fee: paiseToRupees(r.fee),
    merchantCode: r.merchantCode,
    merchantOrderId: r.merchantOrderId,
  }),
);

/** Vendors never see whose pay-out it is or what the merchant paid for it (as on the Withdrawal list). */
const vendorReport = (forVendor: boolean) =>
  reportOf(
    (r): VendorPayoutReportRow => ({
      ...common(r),
      fee: forVendor ? null : paiseToRupees(r.fee),
      vendorCode: r.vendorCode ?? '',
      merchantOrderId: forVendor ? null : r.merchantOrderId,
    }),
  );
const VENDOR_REPORTS = { staff: vendorReport(false), vendor: vendorReport(true) };
const vendorReportFor = (user: SessionUser) => VENDOR_REPORTS[belongsToVendor(user.role) ? 'vendor' : 'staff'];

const vendorWhere = (db: DbOrTx, user: SessionUser, f: VendorPayoutReportFilters) =>
  whereOf(db, user, f, [
    isNotNull(payouts.vendorCode),
    f.vendorCode && f.vendorCode.length > 0 && inArray(payouts.vendorCode, f.vendorCode),
  ]);

type Paged = Paging<ReportSort>;

export const listPayoutReport = async (db: Db, user: SessionUser, f: PayoutReportFilters, paging: Paged) =>
  merchantReport.page(db, await whereOf(db, user, f), paging);

export const payoutReportBatches = async (db: Db, user: SessionUser, f: PayoutReportFilters, paging: Paged) =>
  merchantReport.batches(db, await whereOf(db, user, f), paging);

export const listVendorPayoutReport = async (db: Db, user: SessionUser, f: VendorPayoutReportFilters, paging: Paged) =>
  vendorReportFor(user).page(db, await vendorWhere(db, user, f), paging);

export const vendorPayoutReportBatches = async (
  db: Db,
  user: SessionUser,
  f: VendorPayoutReportFilters,
  paging: Paged,
) => vendorReportFor(user).batches(db, await vendorWhere(db, user, f), paging);
