import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankAccounts, bankEntries, vendors, vendorSettlements } from '../../server/db/schema';
import type { Demo } from './settlement-requests';

/**
 * What the vendor settlement and internal transfer moves share (vendor-settlement-moves.ts,
 * transfer-moves.ts): the vendors and their bank accounts, the settlements made, the UTR each
 * transfer was proved with, and what a bank entry may prove.
 */
export type VendorRow = typeof vendorSettlements.$inferSelect;
export type EntryRow = typeof bankEntries.$inferSelect;
export const VENDORS = ['VEN-ALPHA', 'VEN-BETA'] as const;

export const vendorWorld = (demo: Demo) => {
  const made: string[] = [];
  /** The UTR each internal transfer was proved with, to approve it again after a reset. */
  const proofOf: Record<string, string> = {};
  /** UTRs of the bank entries made for transfers; the pay-in moves may submit them too (set by the test). */
  const entries: { utrs: string[] } = { utrs: [] };
  const vendorIds: Record<string, string> = {};
  const vendorOfBank: Record<string, string> = {};
  const bankIds: Record<string, string> = {};
  const accountOf: Record<string, { accountNumber: string; ifsc: string }> = {};
  const post = (path: string, as: string, body?: unknown, headers?: Record<string, string>) =>
    demo.s.call('POST', path, { token: demo.t[as], body, headers });
  const rowOf = async (id: string) =>
    (await demo.s.db.select().from(vendorSettlements).where(eq(vendorSettlements.id, id)))[0];
  const entryOf = async (utr: string) =>
    (await demo.s.db.select().from(bankEntries).where(eq(bankEntries.utr, utr)))[0] as EntryRow | undefined;
  const expectRow = async (id: string, fields: Partial<VendorRow>) => expect(await rowOf(id)).toMatchObject(fields);
  const unused = (e: EntryRow) => e.payinId === null && e.vendorSettlementId === null;
  /** May this entry prove a transfer of this vendor for this amount (to this account, for a bank transfer)? */
  const proves = (
    e: EntryRow | undefined,
    vendorId: string,
    amount: number,
    named: { accountNumber?: string | null; ifsc?: string | null },
  ) =>
    e !== undefined &&
    unused(e) &&
    e.amount === amount &&
    vendorOfBank[e.bankAccountId] !== vendorId &&
    (!named.accountNumber ||
      (named.accountNumber === accountOf[e.bankAccountId].accountNumber &&
        named.ifsc?.toUpperCase() === accountOf[e.bankAccountId].ifsc.toUpperCase()));

  const load = async () => {
    for (const v of await demo.s.db.select({ id: vendors.id, code: vendors.code }).from(vendors))
      vendorIds[v.code] = v.id;
    const banks = await demo.s.db
      .select({
        id: bankAccounts.id,
        nickname: bankAccounts.nickname,
        vendorId: bankAccounts.vendorId,
        accountNumber: bankAccounts.accountNumber,
        ifsc: bankAccounts.ifsc,
      })
      .from(bankAccounts);
    for (const b of banks) {
      bankIds[b.nickname] = b.id;
      accountOf[b.id] = { accountNumber: b.accountNumber, ifsc: b.ifsc };
      if (b.vendorId) vendorOfBank[b.id] = b.vendorId;
    }
  };

  /** One of the newest used (by a pay-in or a transfer) or un-used bank entries. */
  const newestEntry = async (used: boolean, i: number) => {
    const rows = await demo.s.db
      .select()
      .from(bankEntries)
      .where(
        used
          ? or(isNotNull(bankEntries.payinId), isNotNull(bankEntries.vendorSettlementId))
          : and(isNull(bankEntries.payinId), isNull(bankEntries.vendorSettlementId)),
      )
      .orderBy(desc(bankEntries.createdAt))
      .limit(8);
    return rows.length === 0 ? undefined : rows[i % rows.length];
  };

  return {
    demo,
    made,
    proofOf,
    entries,
    vendorIds,
    vendorOfBank,
    bankIds,
    accountOf,
    post,
    rowOf,
    entryOf,
    expectRow,
    unused,
    proves,
    load,
    newestEntry,
  };
};
export type VendorWorld = ReturnType<typeof vendorWorld>;
