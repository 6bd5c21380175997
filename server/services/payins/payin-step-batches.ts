import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { payins } from '../../db/schema';
import { conflict } from '../../errors';
import type { PayinAction, PayinStatus } from '../../../domain/payin';
import { assertCan, type PayinRow } from './payin-steps';

/** The columns a batch of steps may set (writeSteps), with their SQL types. */
const STEP_COLUMNS = {
  reason: 'text',
  confirmedAmount: 'bigint',
  fee: 'bigint',
  vendorCommission: 'bigint',
  utr: 'text',
  bankEntryId: 'uuid',
  completedAt: 'timestamptz',
  submittedUtr: 'text',
  submittedAt: 'timestamptz',
  providerPaymentId: 'text',
  source: 'text',
} as const;
type StepColumn = keyof typeof STEP_COLUMNS;
const COLUMN_NAMES: Record<StepColumn, string> = {
  reason: 'reason',
  confirmedAmount: 'confirmed_amount',
  fee: 'fee',
  vendorCommission: 'vendor_commission',
  utr: 'utr',
  bankEntryId: 'bank_entry_id',
  completedAt: 'completed_at',
  submittedUtr: 'submitted_utr',
  submittedAt: 'submitted_at',
  providerPaymentId: 'provider_payment_id',
  source: 'source',
};

export interface StepToWrite {
  row: PayinRow;
  action: PayinAction;
  to: PayinStatus;
  patch: Partial<Pick<PayinRow, StepColumn>>;
}

/**
 * writeStep for many rows: each checked against the domain table, then the rows that set the same
 * columns written by one UPDATE, each only if nobody moved it meanwhile (status and version). A
 * row that moved fails the whole batch (CHANGED). Answers the rows as written, in order.
 */
export const writeSteps = async (tx: DbOrTx, steps: StepToWrite[]): Promise<PayinRow[]> => {
  if (steps.length === 0) return [];
  for (const s of steps) assertCan(s.action, s.row, s.to);
  const groups = new Map<string, StepToWrite[]>();
  for (const s of steps) {
    const columns = (Object.keys(s.patch) as StepColumn[]).sort().join(',');
    groups.set(columns, [...(groups.get(columns) ?? []), s]);
  }
  for (const [key, group] of groups) {
    const columns = key === '' ? [] : (key.split(',') as StepColumn[]);
    for (const c of columns) if (!(c in STEP_COLUMNS)) throw new Error(`writeSteps cannot set ${c}`);
    const values = group.map(
      (s) =>
        sql`(${sql.join(
          [
            sql`${s.row.id}::uuid`,
            sql`${s.row.status}::text`,
            sql`${s.row.version}::int`,
            sql`${s.to}::text`,
            ...columns.map((c) => sql`${s.patch[c] ?? null}::${sql.raw(STEP_COLUMNS[c])}`),
          ],
          sql`, `,
        )})`,
    );
    const sets = columns.map((c) => sql`, ${sql.raw(COLUMN_NAMES[c])} = v.${sql.raw(COLUMN_NAMES[c])}`);
    const names = columns.map((c) => sql`, ${sql.raw(COLUMN_NAMES[c])}`);
    const { rows } = await tx.execute<{ id: string }>(sql`
      UPDATE payins p SET status = v.to_status, version = p.version + 1, updated_at = now()${sql.join(sets, sql``)}
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, from_status, from_version, to_status${sql.join(names, sql``)})
      WHERE p.id = v.id AND p.status = v.from_status AND p.version = v.from_version
      RETURNING p.id`);
    if (rows.length < group.length)
      throw conflict('This pay-in changed meanwhile. Reload it and try again.', 'CHANGED');
  }
  const written = await tx
    .select()
    .from(payins)
    .where(
      inArray(
        payins.id,
        steps.map((s) => s.row.id),
      ),
    );
  const byId = new Map(written.map((r) => [r.id, r]));
  return steps.map((s) => byId.get(s.row.id)!);
};
