import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { bankAccounts, merchants, payouts } from '../db/schema';
import type { SessionUser } from '../services/common/session-user';
import { createPayout, type NewPayout } from '../services/payouts/payout-create';
import { approvePayout, dropPayout, rejectPayout } from '../services/payouts/payout-staff';
import { assignPayouts, resetPayout, reversePayout } from '../services/payouts/payout-corrections';
import { DEFAULT_CHECKER_THRESHOLD_PAISE, type PayoutRejectionReason } from '../../domain/payout';
import { demoUserOf } from './demo-users';

type Beneficiary = NewPayout['beneficiary'];

/** The demo merchants' customers who are paid out: bank accounts, and a few UPI ids. */
const CUSTOMERS: Record<string, Beneficiary> = {
  'cust-7': {
    accountHolder: 'Rahul Sharma',
    accountNumber: '123456789012',
    ifsc: 'HDFC0000123',
    bankName: 'HDFC Bank',
  },
  'cust-12': {
    accountHolder: 'Priya Nair',
    accountNumber: '50100123456789',
    ifsc: 'ICIC0000456',
    bankName: 'ICICI Bank',
  },
  'cust-19': { upiId: 'ankit.verma@okaxis' },
  'cust-23': { accountHolder: 'Sneha Iyer', accountNumber: '30987654321', ifsc: 'SBIN0004567' },
  'cust-31': { upiId: 'kiran.rao@ybl' },
  'cust-44': {
    accountHolder: 'Arjun Mehta',
    accountNumber: '919020045678912',
    ifsc: 'UTIB0000789',
    bankName: 'Axis Bank',
  },
};

/**
 * What becomes of each demo pay-out: waiting, given to a vendor, paid by staff (or by the vendor
 * it was given to), rejected for one of SPEC §8's reasons, dropped, reversed (a maker and a
 * checker), a reversal or a large approval awaiting its checker, rejected then reset.
 */
type Fate =
  | { to: 'waiting' }
  | { to: 'assigned'; vendor: 'VEN-ALPHA' | 'VEN-BETA' }
  | { to: 'paid'; from: 'ALPHA-SBI-PAYOUT' | 'BETA-KOTAK-PAYOUT'; byVendor?: boolean }
  | { to: 'rejected'; reason: PayoutRejectionReason; text?: string; reset?: boolean }
  | { to: 'dropped' }
  | { to: 'reversed'; checked: boolean }
  | { to: 'awaiting-checker' };

/** merchant, customer, amount in rupees, fate: the demo's pay-outs in the order they are made. */
export const DEMO_PAYOUTS: [string, keyof typeof CUSTOMERS, number, Fate][] = [
  ['ACME', 'cust-7', 12_000, { to: 'paid', from: 'ALPHA-SBI-PAYOUT' }],
  ['BOLT', 'cust-12', 25_000, { to: 'paid', from: 'BETA-KOTAK-PAYOUT' }],
  ['CRISP', 'cust-23', 10_000, { to: 'reversed', checked: true }],
  ['ACME-KIDS', 'cust-44', 9_000, { to: 'rejected', reason: 'Insufficient Fund' }],
  ['CRISP', 'cust-31', 3_200, { to: 'paid', from: 'BETA-KOTAK-PAYOUT' }],
  ['ACME', 'cust-12', 3_000, { to: 'rejected', reason: 'Invalid Bank Details' }],
  ['BOLT', 'cust-23', 4_500, { to: 'rejected', reason: 'Other', text: 'Beneficiary name does not match the account' }],
  ['ACME', 'cust-19', 1_500, { to: 'dropped' }],
  ['ACME-KIDS', 'cust-7', 5_000, { to: 'paid', from: 'ALPHA-SBI-PAYOUT', byVendor: true }],
  ['CRISP', 'cust-44', 5_500, { to: 'dropped' }],
  ['ACME', 'cust-23', 7_500, { to: 'reversed', checked: true }],
  ['CRISP', 'cust-7', 15_000, { to: 'paid', from: 'ALPHA-SBI-PAYOUT' }],
  ['BOLT', 'cust-44', 8_000, { to: 'reversed', checked: false }],
  ['CRISP', 'cust-12', 700, { to: 'rejected', reason: 'Invalid Bank Details' }],
  ['BOLT', 'cust-31', 600, { to: 'dropped' }],
  ['ACME-KIDS', 'cust-23', 2_000, { to: 'rejected', reason: 'Other', text: 'Customer asked to hold it', reset: true }],
  ['ACME', 'cust-44', 1_00_000, { to: 'awaiting-checker' }],
  ['ACME', 'cust-7', 4_000, { to: 'assigned', vendor: 'VEN-ALPHA' }],
  ['BOLT', 'cust-19', 3_500, { to: 'assigned', vendor: 'VEN-ALPHA' }],
  ['CRISP', 'cust-23', 2_200, { to: 'assigned', vendor: 'VEN-ALPHA' }],
  ['ACME-KIDS', 'cust-12', 6_000, { to: 'assigned', vendor: 'VEN-BETA' }],
  ['BOLT', 'cust-7', 2_750, { to: 'assigned', vendor: 'VEN-BETA' }],
  ['CRISP', 'cust-44', 1_800, { to: 'assigned', vendor: 'VEN-BETA' }],
  ['ACME', 'cust-12', 2_500, { to: 'waiting' }],
  ['ACME-KIDS', 'cust-31', 800, { to: 'waiting' }],
  ['BOLT', 'cust-12', 1_200, { to: 'waiting' }],
  ['CRISP', 'cust-19', 950, { to: 'waiting' }],
];

/**
 * Demo pay-outs made through the same services the API uses (issue 11, item 9), after the demo
 * deposits gave the merchants a balance: every hold is taken and resolved as real traffic would,
 * so the ledger balances. Does nothing once pay-outs exist. The awaited approval is made just
 * above the configured checker threshold (skipped when that is beyond the merchant's limits).
 */
export const seedDemoPayouts = async (
  db: Db,
  opts: { callbackBase: string; checkerThresholdPaise?: number },
): Promise<boolean> => {
  const [{ n }] = await db.select({ n: count() }).from(payouts);
  if (n > 0) return false;
  const threshold = opts.checkerThresholdPaise ?? DEFAULT_CHECKER_THRESHOLD_PAISE;
  const codes = [...new Set(DEMO_PAYOUTS.map(([code]) => code))];
  for (const code of codes)
    await db
      .update(merchants)
      .set({ payoutCallbackUrl: `${opts.callbackBase}/v1/demo/callbacks/${code}` })
      .where(eq(merchants.code, code));
  const rows = await db.select().from(merchants).where(inArray(merchants.code, codes));
  const paying = await db
    .select({ id: bankAccounts.id, nickname: bankAccounts.nickname })
    .from(bankAccounts)
    .where(eq(bankAccounts.usedFor, 'PAYOUT'));
  const accountOf = (nickname: string) => paying.find((b) => b.nickname === nickname)!.id;
  const [operations, transactions, admin, vendor] = await Promise.all(
    ['operations', 'transactions', 'admin', 'vendor'].map((name) => demoUserOf(db, name)),
  );
  const ip = '127.0.0.1';
  let utrSeq = 0;
  const checked = { checkerThresholdPaise: threshold, ip };
  // Whoever approves first is the maker; when the amount needs a checker, another staff user checks.
  const pay = async (id: string, from: string, maker: SessionUser, checker: SessionUser) => {
    const approval = { method: 'manual' as const, utr: String(502_611_000_000 + (utrSeq += 1)), bankAccountId: from };
    const first = await approvePayout(db, maker, id, approval, checked);
    if (first.awaitingChecker !== null) await approvePayout(db, checker, id, approval, checked);
  };

  for (const [i, [code, customerId, rupees, fate]] of DEMO_PAYOUTS.entries()) {
    const merchant = rows.find((m) => m.code === code)!;
    let amount = rupees * 100;
    if (fate.to === 'awaiting-checker') {
      amount = Math.max(amount, threshold + 5_000_00);
      if (amount > merchant.maxPayout) continue;
    }
    const { row } = await createPayout(
      db,
      merchant,
      {
        merchantOrderId: `DEMO-WD-${code}-${String(i + 1).padStart(3, '0')}`,
        customerId,
        amount: amount / 100,
        beneficiary: CUSTOMERS[customerId],
      },
      { actor: { userName: `merchant-api:${code}`, ip } },
    );
    switch (fate.to) {
      case 'waiting':
        break;
      case 'assigned':
        await assignPayouts(db, operations, [row.id], fate.vendor, ip);
        break;
      case 'paid':
        if (fate.byVendor) {
          await assignPayouts(db, operations, [row.id], 'VEN-ALPHA', ip);
          await pay(row.id, accountOf(fate.from), vendor, admin);
        } else await pay(row.id, accountOf(fate.from), operations, transactions);
        break;
      case 'rejected':
        await rejectPayout(db, operations, row.id, { reason: fate.reason, text: fate.text }, ip);
        if (fate.reset) await resetPayout(db, admin, row.id, ip);
        break;
      case 'dropped':
        await dropPayout(db, operations, row.id, ip);
        break;
      case 'reversed':
        await pay(row.id, accountOf('BETA-KOTAK-PAYOUT'), operations, transactions);
        await reversePayout(db, operations, row.id, ip);
        if (fate.checked) await reversePayout(db, transactions, row.id, ip);
        break;
      case 'awaiting-checker':
        await approvePayout(
          db,
          operations,
          row.id,
          { method: 'manual', utr: '502611999999', bankAccountId: accountOf('ALPHA-SBI-PAYOUT') },
          checked,
        );
        break;
    }
  }
  await ageFinished(db);
  return true;
};

/**
 * The finished pay-outs spread over the last sixty days, oldest first; the waiting ones stay now.
 * Their journals and maker's requests are dated with them at the end of the demo seed, as the
 * demo deposits'.
 */
const ageFinished = async (db: Db) => {
  await db.execute(sql`
    WITH aged AS (
      SELECT id, make_interval(days => (60 * (1 - row_number() OVER (ORDER BY created_at)::float / count(*) OVER ()))::int,
                               hours => (row_number() OVER (ORDER BY created_at))::int % 9) AS back
      FROM payouts WHERE status <> 'INITIATED'),
    asked AS (
      UPDATE checker_requests c SET asked_at = c.asked_at - a.back
      FROM aged a WHERE c.entity = 'payouts' AND c.entity_id = a.id)
    UPDATE payouts p SET created_at = p.created_at - a.back, updated_at = p.updated_at - a.back,
      completed_at = p.completed_at - a.back
    FROM aged a WHERE a.id = p.id`);
  await db.execute(sql`
    UPDATE audit_events a SET at = p.created_at + (a.at - f.first)
    FROM payouts p, (SELECT entity_id, min(at) AS first FROM audit_events WHERE entity = 'payouts' GROUP BY entity_id) f
    WHERE a.entity = 'payouts' AND a.entity_id = p.id::text AND f.entity_id = a.entity_id`);
};
