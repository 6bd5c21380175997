import { desc, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankEntries } from '../../server/db/schema';
import type { ConfirmationKind } from '../../domain/confirmations';
import { utrOf } from './deposits';
import type { MoneyPrepared } from './money-runner';
import { destinationFor } from './settlement-requests';
import { settles, type VendorStep } from './settlement-step-kinds';
import { VENDORS, type VendorWorld } from './vendor-world';

/**
 * The internal transfer moves of the money property test: a bank credit recorded for a transfer
 * to prove (a fresh UTR pays no pay-in), a transfer proved by an entry (un-used, of the same
 * amount, on an account not the vendor's, and for a bank transfer the account it names) or
 * refused, and the entry a transfer took freed as a pay-in's would be: always refused.
 */
/** Some the pay-ins also ask for: a customer may submit a transfer's UTR, and take its entry. */
const TRANSFER_AMOUNTS = [500, 999.99, 2_500, 1_234.5] as const;
/** Bank entries are recorded on pay-in accounts only. */
const BANKS = ['ALPHA-HDFC-01', 'ALPHA-ICICI-02', 'BETA-AXIS-01'] as const;
const NO_ENTRY = '00000000-0000-4000-8000-000000000000';

type TransferStep = Extract<VendorStep, { kind: 'transfer-entry' | 'transfer' | 'transfer-entry-reset' }>;

export const transferMoves = (
  world: VendorWorld,
  confirmation: (as: 'admin' | 'transactions', kind: ConfirmationKind) => Promise<Record<string, string>>,
) => {
  const { demo, post, vendorIds, vendorOfBank, accountOf, unused, entryOf } = world;

  const transfer = async (step: Extract<VendorStep, { kind: 'transfer' }>): Promise<MoneyPrepared> => {
    const entry =
      step.entry === 'unused' || step.entry === 'used'
        ? await world.newestEntry(step.entry === 'used', step.e)
        : undefined;
    const utr = entry?.utr ?? (step.entry === 'bad' ? '12345' : utrOf(15));
    const owner = entry ? vendorOfBank[entry.bankAccountId] : undefined;
    const vendorCode =
      VENDORS.find((v) => (step.owner ? vendorIds[v] === owner : vendorIds[v] !== owner)) ?? VENDORS[step.e % 2];
    const amount = (entry?.amount ?? 500_00) + (step.sameAmount ? 0 : 1_00);
    // A bank transfer names the account it went to: the entry's, or (wrongly) another one.
    const named =
      step.method !== 'INTERNAL_BANK_TRANSFER'
        ? {}
        : entry && step.rightAccount
          ? { accountHolder: 'Gateway Collections', ...accountOf[entry.bankAccountId] }
          : destinationFor(step.method, false);
    const body = { vendorCode, amount: amount / 100, method: step.method, utr, ...named };
    return {
      label: `transfer ${JSON.stringify(body)} as ${step.as} (${step.entry} entry ${entry ? `${entry.amount / 100}${unused(entry) ? '' : ', used'}` : 'none'})`,
      allowed: settles(step.as) && world.proves(entry, vendorIds[vendorCode], amount, named),
      exclusive: true,
      send: async () => {
        const res = await post('/v1/vendor-settlements', step.as, body);
        if (res.status === 201) {
          world.made.push(res.body.data.id);
          world.proofOf[res.body.data.id] = utr;
        }
        return res;
      },
      after: async (data) => {
        await world.expectRow(data.data.id, { status: 'SUCCESS', bankEntryId: entry!.id, reference: utr });
        expect(await entryOf(utr)).toMatchObject({ vendorSettlementId: data.data.id, payinId: null });
      },
    };
  };

  const prepare = async (step: TransferStep): Promise<MoneyPrepared> => {
    switch (step.kind) {
      case 'transfer-entry': {
        const bankAccountId = world.bankIds[BANKS[step.bank % BANKS.length]];
        const body = { bankAccountId, utr: utrOf(14), amount: TRANSFER_AMOUNTS[step.amount % TRANSFER_AMOUNTS.length] };
        return {
          label: `transfer-entry ${JSON.stringify(body)}`,
          allowed: true,
          send: async () => {
            const res = await post('/v1/bank-entries', 'operations', body);
            if (res.status === 201) world.entries.utrs.push(body.utr);
            return res;
          },
          after: async (data) => expect(data.data.matched).toBeNull(),
        };
      }
      case 'transfer':
        return transfer(step);
      case 'transfer-entry-reset': {
        const taken = await demo.s.db
          .select()
          .from(bankEntries)
          .where(isNotNull(bankEntries.vendorSettlementId))
          .orderBy(desc(bankEntries.createdAt))
          .limit(8);
        const entry = taken[step.e % Math.max(taken.length, 1)] ?? (await world.newestEntry(false, step.e));
        const headers = await confirmation('admin', 'bank-entry.reset');
        return {
          label: `transfer-entry-reset ${entry?.utr ?? 'none'} (transfer ${entry?.vendorSettlementId?.slice(0, 8) ?? 'none'})`,
          allowed: false,
          send: () => post(`/v1/bank-entries/${entry?.id ?? NO_ENTRY}/reset`, 'admin', undefined, headers),
        };
      }
    }
  };

  return { prepare };
};
