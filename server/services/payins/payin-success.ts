import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { merchants } from '../../db/schema';
import { badRequest } from '../../errors';
import type { PayinAction } from '../../../domain/payin';
import { bankAccount, payinSuccess, providerClearing } from '../../../domain/ledger';
import { feeOf } from '../../../domain/money';
import { providerOfSource, type Provider } from '../../../domain/providers';
import { postJournals, type JournalInput } from '../ledger/ledger';
import { commissionFor, vendorsOfAccounts } from '../ledger/vendor-commissions';
import { claimUtrs } from '../common/utr';
import { recordStep, type PayinActor, type PayinRow, type Step } from './payin-steps';
import { writeSteps, type StepToWrite } from './payin-step-batches';

/**
 * A pay-in's success, written once (issue 30): the fee, the vendor's commission, the row's patch,
 * the UTR used, the audit, callback and notice, and the journal. Every path that makes a pay-in
 * SUCCESS (a matched bank entry, a batch of them, staff's confirmation, a provider's capture) calls
 * succeedAll; one pay-in is a batch of one.
 */
export interface Success {
  row: PayinRow;
  action: PayinAction;
  confirmedAmount: number;
  /** Where the money is: a bank account of ours (a vendor's), or a provider's clearing account. */
  into: { bankAccountId: string } | { provider: Provider };
  /** The bank entry that paid it, taken by this step. */
  entry: { id: string; utr: string } | null;
  actor: PayinActor;
  /** Columns the step sets besides the money's (the UTR typed, the provider's payment id). */
  patch?: StepToWrite['patch'];
}

/** The merchants' pay-in fees (basis points), by merchant id. */
export const feesOf = async (tx: DbOrTx, merchantIds: string[]) => {
  if (merchantIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: merchants.id, bps: merchants.payinFeeBps })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(merchantIds)]));
  return new Map(rows.map((r) => [r.id, r.bps]));
};

const createdByOf = (actor: PayinActor) => (actor.kind === 'user' ? (actor.id ?? null) : null);

/** The journal of a pay-in's success: the money where it is, less the fee; its vendor earns its commission. */
export const successJournal = (
  row: PayinRow,
  after: PayinRow,
  money: Omit<Parameters<typeof payinSuccess>[0], 'merchantId'>,
  actor: PayinActor,
): JournalInput => ({
  key: `payin:${row.id}:success:${after.version}`,
  kind: 'payin.success',
  entity: 'payins',
  entityId: row.id,
  lines: payinSuccess({ merchantId: row.merchantId, ...money }),
  createdBy: createdByOf(actor),
  startedAt: row.createdAt,
});

/**
 * Moves the pay-ins to SUCCESS together: the UTRs that paid them used (a real bank credit only),
 * the rows written and recorded, then the journals, last, so the ledger's busy account rows stay
 * locked only until the commit. Answers the rows as written, in order.
 */
export const succeedAll = async (tx: DbOrTx, items: Success[]): Promise<PayinRow[]> => {
  if (items.length === 0) return [];
  const bps = await feesOf(
    tx,
    items.map((s) => s.row.merchantId),
  );
  const banked = (s: Success) => ('bankAccountId' in s.into ? s.into.bankAccountId : null);
  const vendors = await vendorsOfAccounts(
    tx,
    items.filter((s) => !s.row.test && banked(s)).map((s) => banked(s)!),
  );
  const money = items.map((s) => {
    const account = banked(s);
    const vendor = s.row.test || !account ? null : commissionFor(vendors, account, s.confirmedAmount, 'payin');
    return { fee: feeOf(s.confirmedAmount, bps.get(s.row.merchantId)!), vendor, account };
  });
  // The bank transfer that paid it is used from now on: no other pay-in, pay-out or settlement may claim it.
  await claimUtrs(
    tx,
    items.flatMap((s) => {
      const utr = s.entry?.utr ?? (s.patch?.utr as string | null | undefined) ?? s.row.utr ?? s.row.submittedUtr;
      return !s.row.test && banked(s) && utr
        ? [{ utr, entity: 'payins' as const, entityId: s.row.id, createdBy: createdByOf(s.actor) }]
        : [];
    }),
  );
  const written = await writeSteps(
    tx,
    items.map((s, i) => ({
      row: s.row,
      action: s.action,
      to: 'SUCCESS',
      patch: {
        ...s.patch,
        confirmedAmount: s.confirmedAmount,
        fee: money[i].fee,
        vendorCommission: money[i].vendor?.commission ?? 0,
        reason: null,
        ...(s.entry ? { utr: s.entry.utr, bankEntryId: s.entry.id } : {}),
        completedAt: sql`now()` as never,
      },
    })),
  );
  const steps: Step[] = items.map((s, i) => ({ before: s.row, after: written[i], action: s.action, actor: s.actor }));
  await recordStep(tx, steps);
  await postJournals(
    tx,
    items.flatMap((s, i) =>
      s.row.test
        ? []
        : [
            successJournal(
              s.row,
              written[i],
              {
                collectedIn: 'provider' in s.into ? providerClearing(s.into.provider) : bankAccount(money[i].account!),
                confirmedAmount: s.confirmedAmount,
                fee: money[i].fee,
                vendor: money[i].vendor,
              },
              s.actor,
            ),
          ],
    ),
  );
  return written;
};

/**
 * One pay-in to SUCCESS with a confirmed amount: the money is where the bank entry shows it, else
 * in the assigned account; a pay-in paid through a provider and confirmed by staff, at the provider.
 */
export const succeed = async (
  tx: DbOrTx,
  row: PayinRow,
  action: PayinAction,
  confirmedAmount: number,
  entry: { id: string; utr: string; bankAccountId: string } | null,
  actor: PayinActor,
  patch: StepToWrite['patch'] = {},
) => {
  const provider = entry ? null : providerOfSource(row.source);
  const bankAccountId = provider ? null : (entry?.bankAccountId ?? row.bankAccountId);
  if (!provider && !bankAccountId) throw badRequest('This pay-in has no bank account to credit.');
  const into = provider ? { provider } : { bankAccountId: bankAccountId! };
  const [after] = await succeedAll(tx, [{ row, action, confirmedAmount, into, entry, actor, patch }]);
  return after;
};
