import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '../../domain/boards';
import { istDayOf } from '../../domain/format';
import { askRollupRebuild, rebuildRollupsIfAsked } from '../../server/services/ledger/rollups';
import { foldPending } from '../../server/services/ledger/rollup-folds';
import type { TestServer } from './server';

/**
 * Issue 13, item 5, after each run of the money property test: the rollups written live (with the
 * all-merchants totals folded) are exactly what a rebuild from the ledger finds, and for every merchant the Dashboard's net balance,
 * the Accounts report's last running balance, the Merchant list's balance and the ledger agree to
 * the paisa.
 */
const rollups = async (s: TestServer) =>
  (
    await s.db.execute(sql`SELECT * FROM money_rollups WHERE balance <> 0 OR payin_count <> 0 OR payout_count <> 0
      OR reversed_count <> 0 OR settlement_count <> 0 OR chargeback_count <> 0 OR collected_count <> 0
      OR created_count <> 0 OR succeeded_count <> 0 OR commission <> 0 ORDER BY party, span, at`)
  ).rows;
const speeds = async (s: TestServer) =>
  (
    await s.db.execute(
      sql`SELECT * FROM payin_speeds WHERE EXISTS (SELECT 1 FROM unnest(counts) n WHERE n <> 0) ORDER BY merchant_id, day`,
    )
  ).rows;

export const boardsAgree = async (s: TestServer, adminToken: string) => {
  // The all-merchants totals folded in first: a rebuild writes them folded.
  await foldPending(s.db);
  const live = { rollups: await rollups(s), speeds: await speeds(s) };
  await askRollupRebuild(s.db);
  await rebuildRollupsIfAsked(s.db);
  expect({ rollups: await rollups(s), speeds: await speeds(s) }).toEqual(live);

  const today = istDayOf(new Date());
  const get = async (path: string) => {
    const res = await s.call('GET', path, { token: adminToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const list = (await get('/v1/merchants?pageSize=100&includeSubMerchants=false')).data as {
    id: string;
    code: string;
    balance: number;
  }[];
  const ledger = await s.db.execute<{ key: string; balance: string }>(
    sql`SELECT key, -balance AS balance FROM ledger_accounts WHERE key LIKE 'merchant:%'`,
  );
  const ledgerOf = new Map(ledger.rows.map((r) => [r.key, Number(r.balance) / 100]));
  const seen: Record<string, number[]> = {};
  const expected: Record<string, number[]> = {};
  for (const m of list) {
    const one = `merchantCode=${m.code}&includeSubMerchants=false`;
    const board = (await get(`/v1/dashboard?${one}&from=${today}&to=${today}`)).data;
    const report = (await get(`/v1/reports/accounts?${one}&from=${addDays(today, -1)}&to=${today}`)).data;
    const own = ledgerOf.get(`merchant:${m.id}`) ?? 0;
    seen[m.code] = [board.netBalance, report.at(-1).netBalance, m.balance];
    expected[m.code] = [own, own, own];
  }
  expect(seen).toEqual(expected);
};
