import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { vendorBalance } from './balance-oracle';

type Money = {
  status: string;
  test: boolean;
  amount: number;
  fee: number;
  confirmedAmount: number | null;
  vendorCommission: number;
};

/** DESIGN §5 over a vendor's rows, by tests/support/balance-oracle.ts (paise): which rows are its, read here; the sum, there. */
export const vendorFromRows = async (db: Db, vendorId: string): Promise<number> => {
  const read = async (query: ReturnType<typeof sql>) =>
    (await db.execute<Record<string, string | boolean | null>>(query)).rows.map(
      (r): Money => ({
        status: String(r.status),
        test: r.test === true,
        amount: Number(r.amount ?? 0),
        fee: Number(r.fee ?? 0),
        confirmedAmount: r.confirmed_amount === null ? null : Number(r.confirmed_amount ?? 0),
        vendorCommission: Number(r.vendor_commission ?? 0),
      }),
    );
  const [payinsIn, payoutsPaid, transfersIn, settlements] = await Promise.all([
    read(sql`SELECT p.status, p.test, p.confirmed_amount, p.fee, p.vendor_commission FROM payins p
      LEFT JOIN bank_entries e ON e.id = p.bank_entry_id
      JOIN bank_accounts b ON b.id = coalesce(e.bank_account_id, p.bank_account_id) WHERE b.vendor_id = ${vendorId}`),
    read(sql`SELECT o.status, o.test, o.amount, o.fee, o.vendor_commission FROM payouts o JOIN bank_accounts b ON b.id = o.bank_account_id
      WHERE b.vendor_id = ${vendorId} AND o.method = 'manual'`),
    read(sql`SELECT s.status, s.amount FROM vendor_settlements s JOIN bank_entries e ON e.id = s.bank_entry_id
      JOIN bank_accounts b ON b.id = e.bank_account_id WHERE b.vendor_id = ${vendorId}`),
    read(sql`SELECT status, amount FROM vendor_settlements WHERE vendor_id = ${vendorId}`),
  ]);
  return vendorBalance({ payinsIn, payoutsPaid, transfersIn, settlements });
};
