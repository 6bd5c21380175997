import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../db';
import { checkerRequests, settlements } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../domain/roles';
import { notFound } from '../../errors';
import { paiseToRupees } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type { SettlementFilters, SettlementView } from '../../schemas/settlements';
import type { SessionUser } from '../common/session-user';
import type { SettlementStatus } from '../../../domain/settlement';

import { journalOf, timelineOf } from '../audit/history';
import { conditions, cursorFields, istDayRange, type Paging } from '../common/lists';
import { paiseFrom } from '../common/money-input';
import { keysetList } from '../common/keyset-list';
import { dataScope, merchantCodesWanted, type DataScope } from '../common/scope';
import { settlementVisible, type SettlementRow } from './settlements';
import type { VendorSettlementRow } from './vendor-settlements';
import {
  approveSettlement,
  createSettlement,
  rejectSettlement,
  resetSettlement,
  type SettlementInput,
} from './settlements';
import { answeredMoves } from './settlement-answers';

/** The Settlements and Vendor Settlements screens (issue 12): list, CSV and show, one scope and filters for all three. */
export type Sort = 'createdAt' | 'updatedAt' | 'amount';

/** The maker's request waiting on a row, joined from checker_requests (domain/four-eyes). */
export interface Waiting {
  makerName: string | null;
  askedAt: Date | null;
  makerDetails: Record<string, unknown> | null;
}

/** The columns of a settlement's waiting request, for a select joined with `waitingJoin`. */
export const waitingFields = {
  makerName: checkerRequests.makerName,
  askedAt: checkerRequests.askedAt,
  makerDetails: checkerRequests.details,
};

/** Left-joins a settlement's waiting approval (one per record at most). */
export const waitingJoin = (entity: 'settlements' | 'vendor-settlements', id: AnyPgColumn) =>
  and(eq(checkerRequests.entity, entity), eq(checkerRequests.entityId, id));

const requestOf = (w: Waiting) =>
  w.makerName === null || w.askedAt === null
    ? null
    : {
        maker: w.makerName,
        askedAt: w.askedAt.toISOString(),
        reference: typeof w.makerDetails?.reference === 'string' ? w.makerDetails.reference : null,
      };

/** Staff see who waits for a checker; merchant and vendor users never a staff user's name. */
export const forViewer = <T extends { checkerRequest?: unknown }>(user: SessionUser, row: T): T =>
  STAFF_ROLES.includes(user.role) ? row : { ...row, checkerRequest: null };

export const common = (r: SettlementRow | VendorSettlementRow, waiting?: Waiting) => ({
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
  checkerRequest: waiting ? requestOf(waiting) : null,
});

// ---- Merchant settlements ----

type SettlementListFilters = ListFilters<typeof SettlementFilters>;
const SETTLEMENT_SORT = {
  createdAt: settlements.createdAt,
  updatedAt: settlements.updatedAt,
  amount: settlements.amount,
};

const presentSettlement = (r: SettlementRow, waiting?: Waiting): SettlementView => ({
  ...common(r, waiting),
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
      .select({ s: settlements, ...waitingFields, ...cursorFields(key), ...extra })
      .from(settlements)
      .leftJoin(checkerRequests, waitingJoin('settlements', settlements.id))
      .$dynamic(),
  present: (r) => presentSettlement(r.s, r),
});

export const listSettlements = async (db: Db, user: SessionUser, f: SettlementListFilters, paging: Paging<Sort>) => {
  const page = await settlementList.page(db, await settlementWhere(db, f, await dataScope(db, user)), paging);
  return { ...page, data: page.data.map((r) => forViewer(user, r)) };
};

export const exportSettlements = async (db: Db, user: SessionUser, f: SettlementListFilters, paging: Paging<Sort>) =>
  settlementList.batches(db, await settlementWhere(db, f, await dataScope(db, user)), paging);

export const getSettlement = async (db: DbOrTx, user: SessionUser, id: string) => {
  const [row] = await db
    .select({ s: settlements, ...waitingFields })
    .from(settlements)
    .leftJoin(checkerRequests, waitingJoin('settlements', settlements.id))
    .where(and(eq(settlements.id, id), settlementVisible(await dataScope(db, user))));
  if (!row) throw notFound('Settlement');
  return {
    ...forViewer(user, presentSettlement(row.s, row)),
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
  { key: 'createdAt', header: 'Created At (IST)' },
  { key: 'updatedAt', header: 'Last Updated (IST)' },
  { key: 'id', header: 'ID' },
];
export const SETTLEMENT_CSV_COLUMNS = [{ key: 'merchantCode', header: 'Merchant' }, ...SHARED_CSV];

/**
 * Created and answered in one transaction: once the settlement has committed the caller must hear so. A
 * read after the commit could fail (the database lost in between) and answer 503 for a settlement that
 * exists, which a retry would make twice.
 */
export const createSettlementAnswered = (db: Db, user: SessionUser, body: SettlementInput, ip?: string) =>
  db.transaction(async (tx) => getSettlement(tx, user, (await createSettlement(tx, user, body, ip)).id));

/** Approve, reject and reset, each answered with its row read in its transaction (settlement-answers.ts). */
export const settlementMovesAnswered = answeredMoves(getSettlement, {
  approve: approveSettlement,
  reject: rejectSettlement,
  reset: resetSettlement,
});
