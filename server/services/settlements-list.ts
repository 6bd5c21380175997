import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Db, DbOrTx } from '../db';
import { settlements } from '../db/schema';
import { notFound } from '../errors';
import { paiseToRupees } from '../../domain/money';
import type { ListFilters } from '../routes/read-routes';
import type { SettlementFilters, SettlementView } from '../schemas/settlements';
import type { SessionUser } from './auth';
import type { SettlementStatus } from '../../domain/settlement';

import { journalOf, timelineOf } from './history';
import { conditions, cursorFields, istDayRange, type Paging } from './lists';
import { paiseFrom } from './money-input';
import { merchantCodesWanted } from './payins-list';
import { keysetList } from './keyset-list';
import { dataScope, type DataScope } from './scope';
import { settlementVisible, type SettlementRow } from './settlements';
import type { VendorSettlementRow } from './vendor-settlements';

/** The Settlements and Vendor Settlements screens (issue 12): list, CSV and show, one scope and filters for all three. */
export type Sort = 'createdAt' | 'updatedAt' | 'amount';

export const common = (r: SettlementRow | VendorSettlementRow) => ({
  id: r.id,
  amount: paiseToRupees(r.amount),
  status: r.status,
  accountHolder: r.accountHolder,
  accountNumber: r.accountNumber,
  ifsc: r.ifsc,
  wallet: r.wallet,
  walletAddress: r.walletAddress,
  reference: r.reference,
  reason: r.reason,
  createdByName: r.createdByName,
  completedAt: r.completedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

// ---- Merchant settlements ----

type SettlementListFilters = ListFilters<typeof SettlementFilters>;
const SETTLEMENT_SORT = {
  createdAt: settlements.createdAt,
  updatedAt: settlements.updatedAt,
  amount: settlements.amount,
};

const presentSettlement = (r: SettlementRow): SettlementView => ({
  ...common(r),
  merchantCode: r.merchantCode,
  method: r.method,
});

const settlementWhere = async (db: DbOrTx, f: SettlementListFilters, scope: DataScope) => {
  const codes = await merchantCodesWanted(db, f, scope);
  return and(
    settlementVisible(scope),
    ...conditions(
      f.status && f.status.length > 0 && inArray(settlements.status, f.status),
      codes !== null && (codes.length > 0 ? inArray(settlements.merchantCode, codes) : sql`false`),
      f.method && eq(settlements.method, f.method),
      f.amount !== undefined && eq(settlements.amount, paiseFrom(f.amount, 'amount')),
      f.accountNumber && eq(settlements.accountNumber, f.accountNumber.trim()),
      f.reference && eq(settlements.reference, f.reference.trim()),
      f.ids && inArray(settlements.id, f.ids),
      ...istDayRange(settlements.createdAt, f.from, f.to),
    ),
  );
};

const settlementList = keysetList({
  table: settlements,
  sorts: SETTLEMENT_SORT,
  id: settlements.id,
  select: (db, key, extra = {}) =>
    db
      .select({ s: settlements, ...cursorFields(key), ...extra })
      .from(settlements)
      .$dynamic(),
  present: (r) => presentSettlement(r.s),
});

export const listSettlements = async (db: Db, user: SessionUser, f: SettlementListFilters, paging: Paging<Sort>) =>
  settlementList.page(db, await settlementWhere(db, f, await dataScope(db, user)), paging);

export const exportSettlements = async (db: Db, user: SessionUser, f: SettlementListFilters, paging: Paging<Sort>) =>
  settlementList.batches(db, await settlementWhere(db, f, await dataScope(db, user)), paging);

export const getSettlement = async (db: Db, user: SessionUser, id: string) => {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), settlementVisible(await dataScope(db, user))));
  if (!row) throw notFound('Settlement');
  return {
    ...presentSettlement(row),
    timeline: await timelineOf<SettlementStatus>(db, 'settlements', id, user.role),
    journal: await journalOf(db, 'settlements', id),
  };
};

export const SHARED_CSV = [
  { key: 'amount', header: 'Amount' },
  { key: 'status', header: 'Status' },
  { key: 'method', header: 'Method' },
  { key: 'accountHolder', header: 'Name' },
  { key: 'accountNumber', header: 'Account Number' },
  { key: 'ifsc', header: 'IFSC' },
  { key: 'wallet', header: 'Wallet' },
  { key: 'walletAddress', header: 'Wallet Address' },
  { key: 'reference', header: 'Ref' },
  { key: 'reason', header: 'Reason' },
  { key: 'createdByName', header: 'Created By' },
  { key: 'createdAt', header: 'Created At' },
  { key: 'updatedAt', header: 'Last Updated' },
  { key: 'id', header: 'ID' },
];
export const SETTLEMENT_CSV_COLUMNS = [{ key: 'merchantCode', header: 'Merchant' }, ...SHARED_CSV];
