import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { addDays, daysIn } from '../../../domain/boards';
import { MEASURES, type Measure } from '../../../domain/rollups';
import { MEASURE_SUMS_BY_NAME } from '../ledger/rollup-folds';
import type { SessionUser } from '../common/session-user';
import type { Period } from './periods';
import type { Batches } from '../common/csv';
import { dataScope, narrowCodes, scopeMerchantCodes, subMerchantsWithin } from '../common/scope';
import { keptSql, named } from '../common/list-statements';
import { literalOf } from '../../db/row-mapper';

/**
 * The Accounts and Vendor Accounts reports (issue 13): per party per IST day of the period, its
 * rollups summed over the parties that make it up (a merchant and, if asked, its sub-merchants; a
 * vendor's own account, its bank accounts and their entries), every day present, and the running
 * balance from what the rollups before the period add up to.
 */
export type AccountDay = { code: string; day: string; netBalance: number } & Record<Measure, number>;

/**
 * The members of each reported party, as (code, rollup party) pairs, over the page's parties
 * (placeholder `codes`): its shape, the SQL and the values of its other placeholders.
 */
interface Members {
  shape: string;
  sql: SQL;
  values: Record<string, unknown>;
}
type SQL = ReturnType<typeof sql>;
const CODES = sql.placeholder('codes');

/** A merchant and, if asked, those of its sub-merchants the caller may see (`allowed`: null for all). */
const merchantMembers = (includeSubMerchants: boolean, allowed: string[] | null): Members => ({
  shape: allowed === null ? 'merchants' : 'merchants within',
  values: { subs: includeSubMerchants, ...(allowed === null ? {} : { allowed }) },
  sql: sql`
  SELECT m.code, 'merchant:' || m.id AS party FROM merchants m WHERE m.code = ANY(${CODES}::text[])
  UNION ALL SELECT m.code, 'merchant:' || s.id FROM merchants m JOIN merchants s ON s.parent_id = m.id
    WHERE ${sql.placeholder('subs')}::boolean AND m.code = ANY(${CODES}::text[])
      AND ${subMerchantsWithin(allowed, sql`s.code`, named)}`,
});

const VENDOR_MEMBERS: Members = {
  shape: 'vendors',
  values: {},
  sql: sql`
  SELECT v.code, 'vendor:' || v.id AS party FROM vendors v WHERE v.code = ANY(${CODES}::text[])
  UNION ALL SELECT v.code, p.party FROM vendors v JOIN bank_accounts b ON b.vendor_id = v.id
    CROSS JOIN LATERAL (VALUES ('bank:' || b.id), ('collected:' || b.id)) AS p(party)
    WHERE v.code = ANY(${CODES}::text[])`,
};

// The measures' columns as one piece of text (drizzle walks every piece on each request).
const DAILY_COLUMNS = sql.raw(MEASURES.map((m) => `coalesce(daily."${m}", 0) AS "${m}"`).join(', '));

/** The statement of a report's days for one shape of members, its values placeholders. */
const daysStatement = (members: Members) => sql`
    WITH members AS (${members.sql}),
    opening AS (
      SELECT mb.code, sum(r.balance) AS balance FROM members mb
      JOIN money_rollups r ON r.party = mb.party AND r.span = 'day' AND r.at < ${sql.placeholder('from')}::date
      GROUP BY mb.code),
    daily AS (
      SELECT mb.code, r.at::date AS day, ${MEASURE_SUMS_BY_NAME} FROM members mb
      JOIN money_rollups r ON r.party = mb.party AND r.span = 'day'
        AND r.at >= ${sql.placeholder('from')}::date AND r.at < ${sql.placeholder('toNext')}::date
      GROUP BY mb.code, r.at::date)
    SELECT c.code, to_char(d.day, 'YYYY-MM-DD') AS day, ${DAILY_COLUMNS},
      coalesce(o.balance, 0) + sum(coalesce(daily.balance, 0)) OVER (PARTITION BY c.code ORDER BY d.day) AS "netBalance"
    FROM unnest(${CODES}::text[]) AS c(code)
    CROSS JOIN generate_series(${sql.placeholder('from')}::date, ${sql.placeholder('to')}::date, interval '1 day') AS d(day)
    LEFT JOIN daily ON daily.code = c.code AND daily.day = d.day::date
    LEFT JOIN opening o ON o.code = c.code
    ORDER BY c.code, d.day OFFSET ${sql.placeholder('skip')} LIMIT ${sql.placeholder('limit')}`;
const daysStatements = keptSql<Record<string, string>>();

/** A row of the days statement as a day: its sums (numeric text) as numbers. */
const dayOf = literalOf<AccountDay>([
  { key: 'code' },
  { key: 'day' },
  { key: 'netBalance', via: Number },
  ...MEASURES.map((key) => ({ key, via: Number })),
]);

/**
 * The days of some parties, ordered by party then day, rows `skip` to `skip + limit` of them;
 * `codes` is one page of parties. The statement is kept per shape of members (issue 33, part 3).
 */
const accountDays = async (
  db: DbOrTx,
  members: Members,
  codes: string[],
  period: Period,
  rows: { skip: number; limit: number },
): Promise<AccountDay[]> => {
  if (codes.length === 0) return [];
  const statement = daysStatements(db, members.shape, () => daysStatement(members));
  const result = await statement({
    ...members.values,
    codes,
    from: period.from,
    to: period.to,
    toNext: addDays(period.to, 1),
    skip: rows.skip,
    limit: rows.limit,
  });
  return result.rows.map(dayOf);
};

export interface AccountQuery {
  merchantCode?: string[];
  vendorCode?: string[];
  includeSubMerchants?: boolean;
}

/** The parties a report covers, sorted: those asked for that the caller may see (all it may see when none are). */
const partiesOf = async (db: DbOrTx, user: SessionUser, kind: 'merchants' | 'vendors', q: AccountQuery) => {
  const scope = await dataScope(db, user);
  if (kind === 'vendors') {
    const asked = scope.kind === 'vendor' ? [scope.vendorCode] : q.vendorCode;
    const { rows } = await db.execute<{ code: string }>(
      asked && asked.length > 0
        ? sql`SELECT code FROM vendors WHERE code = ANY(${sql.param(asked)}::text[]) ORDER BY code`
        : sql`SELECT code FROM vendors ORDER BY code`,
    );
    return { codes: rows.map((r) => r.code), allowed: null };
  }
  const allowed = scopeMerchantCodes(scope);
  const codes = narrowCodes(q.merchantCode, allowed);
  const { rows } = await db.execute<{ code: string }>(
    codes === null
      ? sql`SELECT code FROM merchants ORDER BY code`
      : sql`SELECT code FROM merchants WHERE code = ANY(${sql.param(codes)}::text[]) ORDER BY code`,
  );
  return { codes: rows.map((r) => r.code), allowed };
};

const membersOf = (kind: 'merchants' | 'vendors', q: AccountQuery, allowed: string[] | null) =>
  kind === 'merchants' ? merchantMembers(q.includeSubMerchants ?? true, allowed) : VENDOR_MEMBERS;

/** One page of a report: rows `offset` to `offset + limit` of parties × days, and how many there are in all. */
export const accountReportPage = async (
  db: DbOrTx,
  user: SessionUser,
  kind: 'merchants' | 'vendors',
  q: AccountQuery,
  period: Period,
  page: { offset: number; limit: number },
) => {
  const { codes: parties, allowed } = await partiesOf(db, user, kind, q);
  const days = daysIn(period.from, period.to);
  const first = Math.floor(page.offset / days);
  const last = Math.ceil((page.offset + page.limit) / days);
  const chosen = parties.slice(first, last);
  const rows = await accountDays(db, membersOf(kind, q, allowed), chosen, period, {
    skip: page.offset - first * days,
    limit: page.limit,
  });
  return { rows, total: parties.length * days };
};

/** The export's batches: pages of the report in order, each starting where the one before ended. */
export const accountReportBatches =
  (db: DbOrTx, user: SessionUser, kind: 'merchants' | 'vendors', q: AccountQuery, period: Period): Batches =>
  async (after, limit) => {
    const offset = after ? Number(after.key) : 0;
    const { rows } = await accountReportPage(db, user, kind, q, period, { offset, limit });
    return { rows, next: { key: String(offset + rows.length), id: '' } };
  };
