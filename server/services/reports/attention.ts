import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { bankEntries, checkerRequests, payins } from '../../db/schema';
import {
  ATTENTION_CAP,
  PENDING_ATTENTION_MINUTES,
  UNUSED_CREDIT_MINUTES,
  attentionFor,
  type AttentionKey,
} from '../../../domain/attention';
import { mayCheck } from '../../../domain/checker-queue';
import type { SessionUser } from '../common/session-user';
import { dataScope, type DataScope } from '../common/scope';
import { payinVisible } from '../payins/payin-filters';
import { entryVisible } from '../bank-entries/bank-entries-list';
import { failingCallbackIds } from '../callbacks/callbacks';

/** Counts at most ATTENTION_CAP rows: the panel names the work, it does not scan years of it. */
const capped = async (db: Db, from: SQL) => {
  const [row] = (
    await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${from} LIMIT ${ATTENTION_CAP}) AS counted`)
  ).rows;
  return row.n;
};

const payinsWhere = (scope: DataScope, ...more: SQL[]) =>
  sql`SELECT 1 FROM ${payins} WHERE ${and(payinVisible(scope), ...more)}`;

const COUNTS: Record<AttentionKey, (db: Db, user: SessionUser, scope: DataScope) => Promise<number>> = {
  pending_long: (db, _user, scope) =>
    capped(
      db,
      payinsWhere(
        scope,
        sql`${payins.status} = 'PENDING'`,
        sql`${payins.updatedAt} < now() - make_interval(mins => ${PENDING_ATTENTION_MINUTES})`,
      ),
    ),
  img_pending: (db, _user, scope) => capped(db, payinsWhere(scope, sql`${payins.status} = 'IMG_PENDING'`)),
  dispute: (db, _user, scope) => capped(db, payinsWhere(scope, sql`${payins.status} = 'DISPUTE'`)),
  duplicate: (db, _user, scope) => capped(db, payinsWhere(scope, sql`${payins.status} = 'DUPLICATE'`)),
  payouts_awaiting_checker: (db, user) =>
    mayCheck(user.role, 'payout.approve')
      ? capped(
          db,
          sql`SELECT 1 FROM ${checkerRequests} WHERE ${checkerRequests.entity} = 'payouts'
            AND ${checkerRequests.makerId} <> ${user.id}`,
        )
      : Promise.resolve(0),
  unused_credits: (db, _user, scope) =>
    capped(
      db,
      sql`SELECT 1 FROM ${bankEntries} WHERE ${and(
        entryVisible(scope),
        sql`${bankEntries.payinId} IS NULL AND ${bankEntries.vendorSettlementId} IS NULL`,
        sql`${bankEntries.createdAt} < now() - make_interval(mins => ${UNUSED_CREDIT_MINUTES})`,
      )}`,
    ),
  callbacks_failing: (db, _user, scope) =>
    capped(db, payinsWhere(scope, sql`${payins.id} IN (${failingCallbackIds('payins')})`)),
};

/** What needs the user's attention, by item, for its role and within its scope (capped counts). */
export const attentionCounts = async (db: Db, user: SessionUser) => {
  const scope = await dataScope(db, user);
  const keys = attentionFor(user.role);
  const counts = await Promise.all(keys.map((key) => COUNTS[key](db, user, scope)));
  return keys.map((key, i) => ({ key, count: counts[i] }));
};
