import { desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankEntries, vendorSettlements } from '../../server/db/schema';
import type { ConfirmationKind } from '../../domain/confirmations';
import { isInternalTransfer, type SettlementStatus } from '../../domain/settlement';
import type { MoneyPrepared } from './money-runner';
import { approvalOf, destinationFor, referenceFor, type Demo } from './settlement-requests';
import { SETTLEMENT_SUITS, settles, type VendorStep } from './settlement-step-kinds';
import { transferMoves } from './transfer-moves';
import { VENDORS, vendorWorld } from './vendor-world';

/**
 * The vendor settlement moves of the money property test: a vendor hands over money (INITIATED,
 * then approved or rejected), or proves an internal transfer with the UTR of an un-used bank entry
 * of the same amount on an account not its own (SUCCESS at once, the entry consumed:
 * transfer-moves.ts); an ADMIN's reset reverses it and frees the entry. Predicted from
 * domain/settlement.ts and the entry's row.
 */
const VENDOR_AMOUNTS = [1_000, 2_500.5, 10_000, 333.33] as const;

export const vendorSettlementMoves = (
  demo: Demo,
  confirmation: (as: 'admin' | 'transactions', kind: ConfirmationKind) => Promise<Record<string, string>>,
) => {
  const world = vendorWorld(demo);
  const transfers = transferMoves(world, confirmation);
  const { made, proofOf, post, rowOf, entryOf, expectRow, unused, proves } = world;

  const targetOf = async (action: keyof typeof SETTLEMENT_SUITS, p: number) => {
    const suits: SettlementStatus[] = p % 4 === 0 ? ['INITIATED', 'SUCCESS', 'REJECTED'] : SETTLEMENT_SUITS[action];
    const suited = await demo.s.db
      .select({ id: vendorSettlements.id })
      .from(vendorSettlements)
      .where(inArray(vendorSettlements.status, suits))
      .orderBy(desc(vendorSettlements.createdAt))
      .limit(8);
    if (suited.length > 0) return suited[p % suited.length].id;
    return made.length === 0 ? undefined : made[made.length - 1 - (p % Math.min(8, made.length))];
  };

  const prepare = async (step: VendorStep): Promise<MoneyPrepared> => {
    switch (step.kind) {
      case 'vendor-settle': {
        const vendorCode = VENDORS[step.vendor % VENDORS.length];
        const amount = VENDOR_AMOUNTS[step.amount % VENDOR_AMOUNTS.length];
        const body = { vendorCode, amount, method: step.method, ...destinationFor(step.method, step.bad) };
        return {
          label: `vendor-settle ${JSON.stringify(body)} as ${step.as}`,
          allowed: settles(step.as) && !step.bad,
          send: async () => {
            const res = await post('/v1/vendor-settlements', step.as, body);
            if (res.status === 201) made.push(res.body.data.id);
            return res;
          },
          after: (data) => expectRow(data.data.id, { status: 'INITIATED', amount: Math.round(amount * 100) }),
        };
      }
      case 'transfer-entry':
      case 'transfer':
      case 'transfer-entry-reset':
        return transfers.prepare(step);
    }
    const action = ({ 'vendor-approve': 'approve', 'vendor-reject': 'reject', 'vendor-reset': 'reset' } as const)[
      step.kind
    ];
    const target = await targetOf(action, step.p);
    if (!target)
      return prepare({ kind: 'vendor-settle', vendor: step.p, amount: 0, method: 'CASH', as: 'admin', bad: false });
    const row = await rowOf(target);
    const internal = isInternalTransfer(row.method);
    const name = `${step.kind} ${row.id.slice(0, 8)} (${row.status} ${row.method} ${row.vendorCode} ${row.amount / 100}) as ${step.as}`;
    const path = `/v1/vendor-settlements/${row.id}/${action}`;
    switch (step.kind) {
      case 'vendor-approve': {
        const typed = referenceFor(step.ref, row.method === 'BANK' || internal);
        // An internal transfer set back is approved with a UTR that proves it again: its own, if still free.
        const own = internal && step.ref === 'utr' ? (proofOf[row.id] ?? typed.reference) : typed.reference;
        const eyes = await approvalOf(demo, 'vendor-settlements', row, step.as, { ...typed, reference: own });
        const { reference } = eyes;
        const entry = internal && reference ? await entryOf(reference) : undefined;
        const body = reference === undefined ? {} : { reference };
        return {
          label: `${name} ${JSON.stringify(body)}${entry ? ` (entry ${entry.amount / 100}${unused(entry) ? '' : ', used'})` : ''}${eyes.maker ? ` (maker ${eyes.maker})` : ''}`,
          allowed:
            settles(step.as) &&
            row.status === 'INITIATED' &&
            eyes.valid &&
            eyes.independent &&
            (!internal || proves(entry, row.vendorId, row.amount, row)),
          exclusive: true,
          send: () => post(path, step.as, body, eyes.headers),
          after: () =>
            eyes.waits
              ? expectRow(row.id, { status: 'INITIATED' })
              : expectRow(row.id, { status: 'SUCCESS', reference: reference ?? null, bankEntryId: entry?.id ?? null }),
        };
      }
      case 'vendor-reject': {
        const body = { reason: step.reason ? 'Not received' : '   ' };
        return {
          label: `${name} ${JSON.stringify(body)}`,
          allowed: settles(step.as) && row.status === 'INITIATED' && step.reason,
          exclusive: true,
          send: () => post(path, step.as, body),
          after: () => expectRow(row.id, { status: 'REJECTED', reason: 'Not received' }),
        };
      }
      case 'vendor-reset': {
        const as = step.as === 'transactions' ? 'transactions' : 'admin';
        const headers = step.as === 'unconfirmed' ? undefined : await confirmation(as, 'vendor-settlement.reset');
        const freed = row.bankEntryId;
        return {
          label: name,
          allowed: step.as === 'admin' && (row.status === 'SUCCESS' || row.status === 'REJECTED'),
          exclusive: true,
          send: () => post(path, as, undefined, headers),
          after: async () => {
            await expectRow(row.id, { status: 'INITIATED', reference: null, bankEntryId: null });
            if (freed) {
              const [entry] = await demo.s.db.select().from(bankEntries).where(eq(bankEntries.id, freed));
              expect(entry).toMatchObject({ vendorSettlementId: null, payinId: null });
            }
          },
        };
      }
    }
  };

  return { load: world.load, prepare, entries: world.entries };
};
