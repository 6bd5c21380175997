import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, payins } from '../../db/schema';
import { rangeOnConfirmation, REPORT_COLUMNS } from '../../../domain/reports';
import type { PayinReportFilters, PayinReportRow, ReportSort } from '../../schemas/reports';
import type { SessionUser } from '../common/session-user';
import { istDayRange, type Paging } from '../common/lists';
import { payinFilterWhere, payinVisible } from '../payins/payin-filters';
import { reportRows } from './report-rows';
import { dataScope } from '../common/scope';

/**
 * The Payins report (issue 13, item 4): the Deposit list's scope and filters (payins-list), real
 * pay-ins only, read over IST days of their creation, or of their confirmation when the report
 * asks for SUCCESS alone.
 */
const whereOf = async (db: DbOrTx, user: SessionUser, f: PayinReportFilters) => {
  const scope = await dataScope(db, user);
  const filters = { merchantCode: f.merchantCode, includeSubMerchants: f.includeSubMerchants, status: f.status };
  return and(
    payinVisible(scope),
    eq(payins.test, false),
    ...(await payinFilterWhere(db, { ...filters, source: f.method }, scope)),
    ...istDayRange(rangeOnConfirmation(f.status) ? payins.completedAt : payins.createdAt, f.from, f.to),
  );
};

const report = reportRows<PayinReportRow>({
  table: payins,
  createdAt: payins.createdAt,
  id: payins.id,
  columns: REPORT_COLUMNS.payins,
  cells: {
    id: payins.id,
    shortCode: payins.shortCode,
    fee: payins.fee,
    requestedAmount: payins.amount,
    utr: sql`coalesce(${payins.utr}, ${payins.submittedUtr})`,
    receivedAmount: payins.confirmedAmount,
    status: payins.status,
    bank: bankAccounts.nickname,
    merchantCode: payins.merchantCode,
    customerId: payins.customerId,
    merchantOrderId: payins.merchantOrderId,
    initiatedAt: payins.createdAt,
    confirmedAt: payins.completedAt,
  },
  from: (db, fields) =>
    db.select(fields).from(payins).leftJoin(bankAccounts, eq(bankAccounts.id, payins.bankAccountId)).$dynamic(),
});

export const listPayinReport = async (db: Db, user: SessionUser, f: PayinReportFilters, paging: Paging<ReportSort>) =>
  report.page(db, await whereOf(db, user, f), paging);

export const payinReportCsv = async (db: Db, user: SessionUser, f: PayinReportFilters, paging: Paging<ReportSort>) =>
  report.csvQuery(db, await whereOf(db, user, f), paging);
