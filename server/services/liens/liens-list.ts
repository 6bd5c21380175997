import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { liens } from '../../db/schema';
import { notFound } from '../../errors';
import { istDayOf } from '../../../domain/format';
import { paiseToRupees } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type { LienFilters, LienView } from '../../schemas/liens';
import type { SessionUser } from '../common/session-user';

import { journalOf } from '../audit/history';
import { conditions, cursorFields, istDayRange, type Paging } from '../common/lists';
import { paiseFrom } from '../common/money-input';
import { keysetList } from '../common/keyset-list';
import { dataScope, merchantCodesWanted, type DataScope } from '../common/scope';

import { lienVisible, type LienRow } from './liens';
import { createLien, type LienInput } from './liens';

/** The ChargeBack screen (issue 12): list, CSV and show, one scope and filters for all three. */
type Filters = ListFilters<typeof LienFilters>;
type Sort = 'createdAt' | 'receivedAt' | 'amount';
const SORT = { createdAt: liens.createdAt, receivedAt: liens.receivedAt, amount: liens.amount };

const present = (r: LienRow): LienView => ({
  id: r.id,
  merchantCode: r.merchantCode,
  payinId: r.payinId,
  merchantOrderId: r.merchantOrderId,
  customerId: r.customerId,
  amount: paiseToRupees(r.amount),
  receivedAt: istDayOf(r.receivedAt),
  reason: r.reason,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

const whereOf = async (db: DbOrTx, f: Filters, scope: DataScope) => {
  const codes = await merchantCodesWanted(db, f, scope);
  return and(
    lienVisible(scope),
    ...conditions(
      codes !== null && (codes.length > 0 ? inArray(liens.merchantCode, codes) : sql`false`),
      f.merchantOrderId && eq(liens.merchantOrderId, f.merchantOrderId.trim()),
      f.customerId && eq(liens.customerId, f.customerId.trim()),
      f.amount !== undefined && eq(liens.amount, paiseFrom(f.amount, 'amount')),
      f.ids && inArray(liens.id, f.ids),
      ...istDayRange(liens.receivedAt, f.from, f.to),
    ),
  );
};

const lienList = keysetList({
  table: liens,
  sorts: SORT,
  id: liens.id,
  select: (db, key, extra = {}) =>
    db
      .select({ l: liens, ...cursorFields(key), ...extra })
      .from(liens)
      .$dynamic(),
  present: (r) => present(r.l),
});

export const listLiens = async (db: Db, user: SessionUser, f: Filters, paging: Paging<Sort>) =>
  lienList.page(db, await whereOf(db, f, await dataScope(db, user)), paging);

export const exportLiens = async (db: Db, user: SessionUser, f: Filters, paging: Paging<Sort>) =>
  lienList.batches(db, await whereOf(db, f, await dataScope(db, user)), paging);

export const getLien = async (db: DbOrTx, user: SessionUser, id: string) => {
  const [row] = await db
    .select()
    .from(liens)
    .where(and(eq(liens.id, id), lienVisible(await dataScope(db, user))));
  if (!row) throw notFound('Chargeback');
  return { ...present(row), journal: await journalOf(db, 'liens', id) };
};

export const LIEN_CSV_COLUMNS = [
  { key: 'merchantCode', header: 'Merchant' },
  { key: 'merchantOrderId', header: 'Merchant Order ID' },
  { key: 'customerId', header: 'User ID' },
  { key: 'amount', header: 'Amount' },
  { key: 'receivedAt', header: 'Reference Date (IST)', kind: 'day' as const },
  { key: 'reason', header: 'Reason' },
  { key: 'createdByName', header: 'Created By' },
  { key: 'createdAt', header: 'Created At (IST)' },
  { key: 'id', header: 'ID' },
];

/**
 * Created and answered in one transaction: once the chargeback has committed the caller must hear so. A
 * read after the commit could fail (the database lost in between) and answer 503 for a chargeback that
 * exists, which a retry would make twice.
 */
export const createLienAnswered = (db: Db, user: SessionUser, body: LienInput, ip?: string) =>
  db.transaction(async (tx) => getLien(tx, user, (await createLien(tx, user, body, ip)).id));
