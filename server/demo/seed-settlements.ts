import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { bankAccounts, liens, merchants, payins, settlements, vendors, vendorSettlements } from '../db/schema';
import type { SessionUser } from '../services/common/session-user';
import { checkEntry, recordEntry } from '../services/bank-entries/bank-entries';
import { moneyOf } from '../services/ledger/holds';
import { createLien } from '../services/liens/liens';
import { DEFAULT_CHECKER_THRESHOLD_PAISE } from '../../domain/payout';
import { approveSettlement, createSettlement, rejectSettlement } from '../services/settlements/settlements';
import { approveVendorSettlement, createVendorSettlement } from '../services/settlements/vendor-settlements';
import { bankAccount, merchantAccount, vendorAccount } from '../../domain/ledger';
import { istDayOf } from '../../domain/format';
import type { Destination, SettlementMethod, VendorSettlementMethod } from '../../domain/settlement';
import { demoUserOf } from './demo-users';

type Fate = { to: 'waiting' } | { to: 'paid'; reference?: string } | { to: 'rejected'; reason: string };

/** The gateway's own collection account, where vendors pay by bank. */
const GATEWAY_BANK: Destination = {
  accountHolder: 'PayGate Technologies Pvt Ltd',
  accountNumber: '50200098765432',
  ifsc: 'HDFC0000240',
};

/** by, merchant, amount in rupees (at most: less when the available balance is less), method, destination, fate, who finishes it. */
export const DEMO_SETTLEMENTS: [string, string, number, SettlementMethod, Destination, Fate, string?][] = [
  [
    'admin',
    'ACME',
    40_000,
    'BANK',
    { accountHolder: 'Acme Retail Pvt Ltd', accountNumber: '50200012345678', ifsc: 'HDFC0000240' },
    { to: 'paid', reference: '602611000001' },
    'transactions',
  ],
  ['transactions', 'CRISP', 15_000, 'CASH', {}, { to: 'waiting' }],
  [
    'admin',
    'ACME-KIDS',
    8_000,
    'AED',
    {},
    { to: 'rejected', reason: 'The merchant asked to be paid in rupees to its bank account instead' },
    'transactions',
  ],
  [
    'transactions',
    'BOLT',
    20_000,
    'CRYPTO',
    { wallet: 'USDT TRC20', walletAddress: 'TXk9sQ3vZ7mR2pLw8NcY4bHf6JdE1uAa5q' },
    { to: 'paid', reference: '9f2c4e71a0b3d5c8e6f1a2b4c7d9e0f3a5b8c1d4e7f0a2b5c8d1e4f7a0b3c6d9' },
    'admin',
  ],
  [
    'merchant-admin',
    'ACME',
    10_000,
    'BANK',
    { accountHolder: 'Acme Retail Pvt Ltd', accountNumber: '50200012345678', ifsc: 'HDFC0000240' },
    { to: 'waiting' },
  ],
];

/** vendor, amount in rupees (at most a share of what the vendor holds), method, destination, fate. */
export const DEMO_VENDOR_SETTLEMENTS: [string, number, VendorSettlementMethod, Destination, Fate][] = [
  ['VEN-ALPHA', 25_000, 'CASH', {}, { to: 'paid', reference: 'RCPT-ALPHA-0001' }],
  ['VEN-BETA', 20_000, 'CASH', {}, { to: 'paid' }],
  ['VEN-ALPHA', 15_000, 'BANK', GATEWAY_BANK, { to: 'waiting' }],
  ['VEN-BETA', 10_000, 'BANK', GATEWAY_BANK, { to: 'waiting' }],
];

/** VEN-BETA moved money into one of VEN-ALPHA's accounts: the credit that account's statement shows. */
export const DEMO_TRANSFER = { vendor: 'VEN-BETA', into: 'ALPHA-HDFC-01', utr: '602611100001', rupees: 12_000 };

/** Two of BOLT's successful pay-ins taken back by their customers' banks: a share of each, and why. */
export const DEMO_LIENS: [number, string][] = [
  [1, 'Customer disputed the payment with the bank'],
  [0.5, "Reported as fraud by the customer's bank"],
];

/** The most of `wanted` (paise) that `share` of `available` covers, in whole rupees; 0 when nothing does. */
const fitting = (wanted: number, available: number, share: number) =>
  Math.max(0, Math.min(wanted, Math.floor((available * share) / 100) * 100));

/**
 * Demo settlements, vendor settlements and chargebacks made through the same services the API
 * uses (issue 12), after the demo pay-outs: every hold and journal is what real traffic leaves, so
 * the ledger balances. Each merchant amount is cut to what that merchant has available at that
 * moment, so nothing is refused or overdrawn. Does nothing once any of them exists.
 */
export const seedDemoSettlements = async (db: Db): Promise<boolean> => {
  const counts = await Promise.all(
    [settlements, vendorSettlements, liens].map((t) => db.select({ n: count() }).from(t)),
  );
  if (counts.some(([{ n }]) => n > 0)) return false;
  const ip = '127.0.0.1';
  // The demo's settlements are all below the default threshold: one approver each, never their creator.
  const checked = { checkerThresholdPaise: DEFAULT_CHECKER_THRESHOLD_PAISE, ip };
  const people = new Map<string, SessionUser>();
  const user = async (name: string) => people.get(name) ?? people.set(name, await demoUserOf(db, name)).get(name)!;
  const merchantRows = await db.select({ id: merchants.id, code: merchants.code }).from(merchants);
  const available = async (code: string) =>
    (await moneyOf(db, merchantAccount(merchantRows.find((m) => m.code === code)!.id))).available;

  for (const [by, code, rupees, method, destination, fate, finisher] of DEMO_SETTLEMENTS) {
    const amount = fitting(rupees * 100, await available(code), 0.3);
    if (amount === 0) continue;
    const row = await createSettlement(
      db,
      await user(by),
      { merchantCode: code, amount: amount / 100, method, ...strings(destination) },
      ip,
    );
    if (fate.to === 'paid')
      await approveSettlement(db, await user(finisher!), row.id, { reference: fate.reference }, checked);
    if (fate.to === 'rejected') await rejectSettlement(db, await user(finisher!), row.id, { reason: fate.reason }, ip);
  }

  const vendorRows = await db.select({ id: vendors.id, code: vendors.code }).from(vendors);
  const accounts = await db.select().from(bankAccounts);
  const holds = async (code: string) => {
    const vendor = vendorRows.find((v) => v.code === code)!;
    const keys = [
      vendorAccount(vendor.id),
      ...accounts.filter((b) => b.vendorId === vendor.id).map((b) => bankAccount(b.id)),
    ];
    return (await Promise.all(keys.map((k) => moneyOf(db, k)))).reduce((sum, m) => sum + m.balance, 0);
  };
  const [transactions, admin, operations] = await Promise.all(['transactions', 'admin', 'operations'].map(user));
  for (const [code, rupees, method, destination, fate] of DEMO_VENDOR_SETTLEMENTS) {
    const amount = Math.max(1_000_00, fitting(rupees * 100, await holds(code), 0.3));
    const row = await createVendorSettlement(
      db,
      transactions,
      { vendorCode: code, amount: amount / 100, method, ...strings(destination) },
      ip,
    );
    if (fate.to === 'paid') await approveVendorSettlement(db, admin, row.id, { reference: fate.reference }, checked);
  }
  const into = accounts.find((b) => b.nickname === DEMO_TRANSFER.into)!;
  await db.transaction((tx) =>
    recordEntry(
      tx,
      checkEntry({ bankAccountId: into.id, utr: DEMO_TRANSFER.utr, amount: DEMO_TRANSFER.rupees }),
      operations,
      'Manual',
      ip,
    ),
  );
  await createVendorSettlement(
    db,
    transactions,
    {
      vendorCode: DEMO_TRANSFER.vendor,
      amount: DEMO_TRANSFER.rupees,
      method: 'INTERNAL_BANK_TRANSFER',
      accountHolder: into.holderName,
      accountNumber: into.accountNumber,
      ifsc: into.ifsc,
      utr: DEMO_TRANSFER.utr,
    },
    ip,
  );

  const bolt = merchantRows.find((m) => m.code === 'BOLT')!;
  const paid = await db
    .select()
    .from(payins)
    .where(and(eq(payins.merchantId, bolt.id), eq(payins.status, 'SUCCESS'), eq(payins.test, false)))
    .orderBy(asc(payins.merchantOrderId))
    .limit(DEMO_LIENS.length);
  for (const [i, payin] of paid.entries()) {
    const [share, reason] = DEMO_LIENS[i];
    const amount = fitting(Math.round(payin.confirmedAmount! * share), await available('BOLT'), 0.5);
    if (amount === 0) continue;
    await createLien(
      db,
      transactions,
      {
        merchantCode: 'BOLT',
        merchantOrderId: payin.merchantOrderId,
        customerId: payin.customerId,
        amount: amount / 100,
        receivedAt: istDayOf(new Date(Date.now() - (3 - i) * 86_400_000)),
        reason,
      },
      ip,
    );
  }
  await ageFinished(db);
  return true;
};

/** The destination's fields that are set, as the API's body has them. */
const strings = (d: Destination) =>
  Object.fromEntries(Object.entries(d).filter(([, v]) => typeof v === 'string')) as Record<keyof Destination, string>;

/** Finished settlements spread over the last thirty days, oldest first, as the demo pay-outs; their audit events with them. */
const ageFinished = async (db: Db) => {
  for (const [table, entity] of [
    ['settlements', 'settlements'],
    ['vendor_settlements', 'vendor-settlements'],
  ] as const) {
    await db.execute(sql`
      WITH aged AS (
        SELECT id, make_interval(days => (30 * (1 - row_number() OVER (ORDER BY created_at)::float / count(*) OVER ()))::int + 1,
                                 hours => (row_number() OVER (ORDER BY created_at))::int % 7) AS back
        FROM ${sql.identifier(table)} WHERE status <> 'INITIATED')
      UPDATE ${sql.identifier(table)} s SET created_at = s.created_at - a.back, updated_at = s.updated_at - a.back,
        completed_at = s.completed_at - a.back
      FROM aged a WHERE a.id = s.id`);
    await db.execute(sql`
      UPDATE audit_events a SET at = s.created_at + (a.at - f.first)
      FROM ${sql.identifier(table)} s,
        (SELECT entity_id, min(at) AS first FROM audit_events WHERE entity = ${entity} GROUP BY entity_id) f
      WHERE a.entity = ${entity} AND a.entity_id = s.id::text AND f.entity_id = a.entity_id`);
  }
  // An internal transfer's bank entry arrived when the transfer was recorded.
  await db.execute(sql`
    UPDATE bank_entries e SET created_at = s.created_at, used_at = s.completed_at
    FROM vendor_settlements s WHERE s.bank_entry_id = e.id`);
};
