import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { bankAccounts, bankEntries } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { formatRupees } from '../../../domain/format';
import { lockUtr } from '../common/utr';
import type { VendorSettlementRow } from './vendor-settlements';

/**
 * An internal transfer takes the bank entry of its UTR: recorded, un-used, of the same amount, and
 * on an account other than the vendor's own. Under the UTR's lock, as every use of an entry.
 * Answers the entry and the account it is on.
 */
export const consumeEntry = async (tx: DbOrTx, row: VendorSettlementRow, utr: string) => {
  await lockUtr(tx, utr);
  const [entry] = await tx
    .select({
      e: bankEntries,
      vendorId: bankAccounts.vendorId,
      nickname: bankAccounts.nickname,
      holderName: bankAccounts.holderName,
      accountNumber: bankAccounts.accountNumber,
      ifsc: bankAccounts.ifsc,
    })
    .from(bankEntries)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
    .where(eq(bankEntries.utr, utr))
    .for('update', { of: bankEntries });
  if (!entry) throw badRequest('No bank entry has this UTR: add the credit first (Add data).', 'utr');
  if (entry.e.payinId || entry.e.vendorSettlementId)
    throw conflict('The bank entry of this UTR is already used.', 'ENTRY_USED');
  if (entry.e.amount !== row.amount)
    throw badRequest(
      `The bank entry of this UTR is for ${formatRupees(entry.e.amount / 100)}, not ${formatRupees(row.amount / 100)}.`,
      'amount',
    );
  if (entry.vendorId === row.vendorId)
    throw badRequest(
      `The bank entry of this UTR is on ${entry.nickname}, one of this vendor's own accounts: an internal transfer moves money to another account.`,
      'utr',
    );
  // A bank transfer names the account it went to: the one whose statement shows the credit.
  if (row.accountNumber && (row.accountNumber !== entry.accountNumber || row.ifsc !== entry.ifsc.toUpperCase()))
    throw badRequest(
      `The bank entry of this UTR is on ${entry.nickname}, not on the account named (${row.accountNumber}, ${row.ifsc}).`,
      'accountNumber',
    );
  await tx
    .update(bankEntries)
    .set({ vendorSettlementId: row.id, usedAt: sql`now()` as never })
    .where(eq(bankEntries.id, entry.e.id));
  return {
    entry: entry.e,
    /** The account the credit is on: the destination of a transfer sent with its UTR alone. */
    account: { accountHolder: entry.holderName, accountNumber: entry.accountNumber, ifsc: entry.ifsc.toUpperCase() },
  };
};
