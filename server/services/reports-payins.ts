import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, payins } from '../db/schema';
import { paiseToRupees } from '../../domain/money';
import { rangeOnConfirmation } from '../../domain/reports';
import type { PayinReportFilters, PayinReportRow, ReportSort } from '../schemas/reports';
import type { SessionUser } from './auth';
import { keysetList } from './keyset-list';
import { cursorFields, istDayRange, type Paging } from './lists';
import { payinFilterWhere, payinVisible } from './payins-list';
import { dataScope } from './scope';

/**
 * The Payins report (issue 13, item 4): the Deposit list's scope and filters (payins-list), real
 * pay-ins only, read over IST days of their creation, or of their confirmation when the report
 * asks for SUCCESS alone.
 */
const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

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

const report = keysetList({
  table: payins,
  sorts: { createdAt: payins.createdAt },
  id: payins.id,
  select: (db, key) =>
    db
      .select({
        id: payins.id,
        shortCode: payins.shortCode,
        fee: payins.fee,
        amount: payins.amount,
        utr: payins.utr,
        submittedUtr: payins.submittedUtr,
        confirmedAmount: payins.confirmedAmount,
        status: payins.status,
        bank: bankAccounts.nickname,
        merchantCode: payins.merchantCode,
        customerId: payins.customerId,
        merchantOrderId: payins.merchantOrderId,
        createdAt: payins.createdAt,
        completedAt: payins.completedAt,
        ...cursorFields(key),
      })
      .from(payins)
      .leftJoin(bankAccounts, eq(bankAccounts.id, payins.bankAccountId))
      .$dynamic(),
  present: (r): PayinReportRow => ({
    id: r.id,
    shortCode: r.shortCode,
    fee: rupees(r.fee),
    requestedAmount: rupees(r.amount),
    utr: r.utr ?? r.submittedUtr,
    receivedAmount: rupees(r.confirmedAmount),
    status: r.status,
    bank: r.bank,
    merchantCode: r.merchantCode,
    customerId: r.customerId,
    merchantOrderId: r.merchantOrderId,
    initiatedAt: r.createdAt.toISOString(),
    confirmedAt: r.completedAt?.toISOString() ?? null,
  }),
});

export const listPayinReport = async (db: Db, user: SessionUser, f: PayinReportFilters, paging: Paging<ReportSort>) =>
  report.page(db, await whereOf(db, user, f), paging);

export const payinReportBatches = async (
  db: Db,
  user: SessionUser,
  f: PayinReportFilters,
  paging: Paging<ReportSort>,
) => report.batches(db, await whereOf(db, user, f), paging);
