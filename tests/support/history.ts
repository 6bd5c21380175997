import { eq, sql } from 'drizzle-orm';
import { payins } from '../../server/db/schema';
import { askRollupRebuild, rebuildRollupsIfAsked } from '../../server/services/ledger/rollups';
import type { TestServer } from './server';

/**
 * A paid pay-in as if it had been created and paid at `instant`: its row, its journals and its bank
 * entry moved in time (the ledger lets only their times move, in a transaction that says it imports
 * history). Call rebuildRollups after the last one.
 */
export const payinAt = (s: TestServer, payinId: string, instant: string) =>
  s.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ledger.import_history = 'on'`);
    await tx
      .update(payins)
      .set({ createdAt: new Date(instant) })
      .where(eq(payins.id, payinId));
    await tx.execute(sql`UPDATE ledger_journals SET created_at = ${instant}::timestamptz WHERE entity_id = ${payinId}`);
    await tx.execute(sql`UPDATE bank_entries SET created_at = ${instant}::timestamptz WHERE payin_id = ${payinId}`);
  });

/** The rollups built again from the ledger, the entries and the pay-ins; answers whether it ran. */
export const rebuildRollups = async (s: TestServer) => {
  await askRollupRebuild(s.db);
  return rebuildRollupsIfAsked(s.db);
};
