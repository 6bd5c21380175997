import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { payouts } from '../../db/schema';
import { rangeOnConfirmation, REPORT_COLUMNS, type ReportColumn } from '../../../domain/reports';
import { belongsToVendor } from '../../../domain/scope';
import type {
  PayoutReportFilters,
  PayoutReportRow,
  ReportSort,
  VendorPayoutReportFilters,
  VendorPayoutReportRow,
} from '../../schemas/reports';
import type { SessionUser } from '../common/session-user';
import { conditions, istDayRange, type Paging } from '../common/lists';
import { payoutFilterWhere, payoutVisible } from '../payouts/payout-filters';
import { reportRows } from './report-rows';
import { dataScope } from '../common/scope';

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

/** Why it was rejected, or the note of its reversal; nothing otherwise. */
const description = sql<string | null>`CASE ${payouts.status}
  WHEN 'REJECTED' THEN ${payouts.reason}
  WHEN 'REVERSED' THEN CASE WHEN coalesce(${payouts.reason}, '') = '' THEN 'Reversed' ELSE 'Reversed: ' || ${payouts.reason} END
END`;

const cells = {
  id: payouts.id,
  status: payouts.status,
  description,
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
  initiatedAt: payouts.createdAt,
  confirmedAt: payouts.completedAt,
};

const reportOf = <Row extends object>(
  columns: readonly ReportColumn[],
  hidden: Partial<Record<keyof typeof cells, SQL>> = {},
) =>
  reportRows<Row>({
    table: payouts,
    createdAt: payouts.createdAt,
    id: payouts.id,
    columns,
    cells: { ...cells, ...hidden },
    from: (db, fields) => db.select(fields).from(payouts).$dynamic(),
  });

const merchantReport = reportOf<PayoutReportRow>(REPORT_COLUMNS.payouts);

/** Vendors never see what the merchant paid for a pay-out or its order id (as on the Withdrawal list). */
const VENDOR_REPORTS = {
  staff: reportOf<VendorPayoutReportRow>(REPORT_COLUMNS['vendor-payouts']),
  vendor: reportOf<VendorPayoutReportRow>(REPORT_COLUMNS['vendor-payouts'], {
    fee: sql`NULL::bigint`,
    merchantOrderId: sql`NULL::text`,
  }),
};
const vendorReportFor = (user: SessionUser) => VENDOR_REPORTS[belongsToVendor(user.role) ? 'vendor' : 'staff'];

const vendorWhere = (db: DbOrTx, user: SessionUser, f: VendorPayoutReportFilters) =>
  whereOf(db, user, f, [
    isNotNull(payouts.vendorCode),
    f.vendorCode && f.vendorCode.length > 0 && inArray(payouts.vendorCode, f.vendorCode),
  ]);

type Paged = Paging<ReportSort>;

export const listPayoutReport = async (db: Db, user: SessionUser, f: PayoutReportFilters, paging: Paged) =>
  merchantReport.page(db, await whereOf(db, user, f), paging);

export const payoutReportCsv = async (db: Db, user: SessionUser, f: PayoutReportFilters, paging: Paged) =>
  merchantReport.csvQuery(db, await whereOf(db, user, f), paging);

export const listVendorPayoutReport = async (db: Db, user: SessionUser, f: VendorPayoutReportFilters, paging: Paged) =>
  vendorReportFor(user).page(db, await vendorWhere(db, user, f), paging);

export const vendorPayoutReportCsv = async (db: Db, user: SessionUser, f: VendorPayoutReportFilters, paging: Paged) =>
  vendorReportFor(user).csvQuery(db, await vendorWhere(db, user, f), paging);
