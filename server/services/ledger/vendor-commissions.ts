import { inArray, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { bankAccounts, vendors } from '../../db/schema';
import { type VendorCommission } from '../../../domain/ledger';
import { feeOf } from '../../../domain/money';

/** The vendor owning each bank account, with its commission percentages (basis points). */
export const vendorsOfAccounts = async (tx: DbOrTx, bankAccountIds: string[]) => {
  const ids = [...new Set(bankAccountIds)];
  if (ids.length === 0) return new Map<string, { vendorId: string; payinBps: number; payoutBps: number }>();
  const rows = await tx
    .select({
      bankAccountId: bankAccounts.id,
      vendorId: vendors.id,
      payinBps: vendors.payinCommissionBps,
      payoutBps: vendors.payoutCommissionBps,
    })
    .from(bankAccounts)
    .innerJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
    .where(inArray(bankAccounts.id, ids));
  return new Map(rows.map(({ bankAccountId, ...v }) => [bankAccountId, v]));
};

export type AccountVendors = Awaited<ReturnType<typeof vendorsOfAccounts>>;

/**
 * The commission of the vendor whose account moved this money (DESIGN §5), null when the account
 * is the gateway's own: a pay-in's at the vendor's pay-in percentage, a pay-out's at its pay-out one.
 */
export const commissionFor = (
  vendorsByAccount: AccountVendors,
  bankAccountId: string,
  amount: number,
  kind: 'payin' | 'payout',
): VendorCommission | null => {
  const vendor = vendorsByAccount.get(bankAccountId);
  if (!vendor) return null;
  return {
    vendorId: vendor.vendorId,
    commission: feeOf(amount, kind === 'payin' ? vendor.payinBps : vendor.payoutBps),
  };
};
