import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, bankEntries, checkerRequests, vendorSettlements } from '../../db/schema';
import { notFound } from '../../errors';
import type { ListFilters } from '../../routes/read-routes';
import type { VendorSettlementFilters, VendorSettlementView } from '../../schemas/settlements';
import type { SessionUser } from '../common/session-user';
import type { SettlementStatus } from '../../../domain/settlement';

import { journalOf, timelineOf } from '../audit/history';
import { conditions, cursorFields, istDayRange, sortKey, type Paging, type SortKey } from '../common/lists';
import { paiseFrom } from '../common/money-input';
import { keysetList, type ExtraFields } from '../common/keyset-list';
import { dataScope, narrowCodes, type DataScope } from '../common/scope';
import { common, forViewer, SHARED_CSV, waitingFields, waitingJoin, type Sort, type Waiting } from './settlements-list';
import { vendorSettlementVisible, type VendorSettlementRow } from './vendor-settlements';
import {
  approveVendorSettlement,
  createVendorSettlement,
  rejectVendorSettlement,
  resetVendorSettlement,
  type VendorSettlementInput,
} from './vendor-settlements';
import { answeredMoves } from './settlement-answers';

/** The Vendor Settlements screen (issue 12): list, CSV and show, one scope and filters for all three. */

type VendorListFilters = ListFilters<typeof VendorSettlementFilters>;
const VENDOR_SORT = {
  createdAt: vendorSettlements.createdAt,
  updatedAt: vendorSettlements.updatedAt,
  amount: vendorSettlements.amount,
};

const presentVendorSettlement = (
  r: { v: VendorSettlementRow; bankNickname: string | null } & Waiting,
): VendorSettlementView => ({
  ...common(r.v, r),
  vendorCode: r.v.vendorCode,
  method: r.v.method,
  bankEntryId: r.v.bankEntryId,
  bankNickname: r.bankNickname,
});

const vendorWhere = (f: VendorListFilters, scope: DataScope) => {
  const codes = narrowCodes(
    f.vendorCode,
    scope.kind === 'all' ? null : scope.kind === 'vendor' ? [scope.vendorCode] : [],
  );
  return and(
    vendorSettlementVisible(scope),
    ...conditions(
      f.status && f.status.length > 0 && inArray(vendorSettlements.status, f.status),
      codes !== null && (codes.length > 0 ? inArray(vendorSettlements.vendorCode, codes) : sql`false`),
      f.method && eq(vendorSettlements.method, f.method),
      f.amount !== undefined && eq(vendorSettlements.amount, paiseFrom(f.amount, 'amount')),
      f.accountNumber && eq(vendorSettlements.accountNumber, f.accountNumber.trim()),
      f.reference && eq(vendorSettlements.reference, f.reference.trim()),
      f.ids && inArray(vendorSettlements.id, f.ids),
      ...istDayRange(vendorSettlements.createdAt, f.from, f.to),
    ),
  );
};

const vendorRows = (db: DbOrTx, key: SortKey, extra: ExtraFields = {}) =>
  db
    .select({
      v: vendorSettlements,
      bankNickname: bankAccounts.nickname,
      ...waitingFields,
      ...cursorFields(key),
      ...extra,
    })
    .from(vendorSettlements)
    .leftJoin(bankEntries, eq(bankEntries.id, vendorSettlements.bankEntryId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
    .leftJoin(checkerRequests, waitingJoin('vendor-settlements', vendorSettlements.id))
    .$dynamic();

const vendorList = keysetList({
  table: vendorSettlements,
  sorts: VENDOR_SORT,
  id: vendorSettlements.id,
  select: vendorRows,
  present: presentVendorSettlement,
});

export const listVendorSettlements = async (db: Db, user: SessionUser, f: VendorListFilters, paging: Paging<Sort>) => {
  const page = await vendorList.page(db, vendorWhere(f, await dataScope(db, user)), paging);
  return { ...page, data: page.data.map((r) => forViewer(user, r)) };
};

export const exportVendorSettlements = async (db: Db, user: SessionUser, f: VendorListFilters, paging: Paging<Sort>) =>
  vendorList.batches(db, vendorWhere(f, await dataScope(db, user)), paging);

export const getVendorSettlement = async (db: DbOrTx, user: SessionUser, id: string) => {
  const key = sortKey(
    { page: 1, pageSize: 1, sortBy: 'createdAt', sortOrder: 'desc' },
    VENDOR_SORT,
    vendorSettlements.id,
  );
  const [row] = await vendorRows(db, key).where(
    and(eq(vendorSettlements.id, id), vendorSettlementVisible(await dataScope(db, user))),
  );
  if (!row) throw notFound('Vendor settlement');
  return {
    ...forViewer(user, presentVendorSettlement(row)),
    timeline: await timelineOf<SettlementStatus>(db, 'vendor-settlements', id, user.role),
    journal: await journalOf(db, 'vendor-settlements', id),
  };
};

export const VENDOR_SETTLEMENT_CSV_COLUMNS = [
  { key: 'vendorCode', header: 'Vendor' },
  ...SHARED_CSV,
  { key: 'bankNickname', header: 'Transferred To' },
];

/**
 * Created and answered in one transaction: once the vendor settlement has committed the caller must hear so. A
 * read after the commit could fail (the database lost in between) and answer 503 for a vendor settlement that
 * exists, which a retry would make twice.
 */
export const createVendorSettlementAnswered = (db: Db, user: SessionUser, body: VendorSettlementInput, ip?: string) =>
  db.transaction(async (tx) => getVendorSettlement(tx, user, (await createVendorSettlement(tx, user, body, ip)).id));

/** Approve, reject and reset, each answered with its row read in its transaction (settlement-answers.ts). */
export const vendorSettlementMovesAnswered = answeredMoves(getVendorSettlement, {
  approve: approveVendorSettlement,
  reject: rejectVendorSettlement,
  reset: resetVendorSettlement,
});
