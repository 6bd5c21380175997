import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { bankEntries, merchants, payins } from '../db/schema';
import { recordEntry, checkEntry } from '../services/bank-entries/bank-entries';
import { createPayin } from '../services/payins/payin-create';
import { submitUtr } from '../services/payins/payin-matching';
import { confirmPayin } from '../services/payins/payin-staff';
import { dropExpired } from '../services/payins/payin-expiry';
import { assignBank, submitScreenshot } from '../services/pay-page/pay-page';
import { customer } from '../services/payins/payin-steps';
import QRCode from 'qrcode';
import { demoUserOf } from './demo-users';

/** The demo's pay-ins: this many, spread over the last days, every status represented. */
export const DEMO_PAYINS = 300;
/** Ninety days of history: every chart and report has shape (issue 13). */
const DAYS = 90;

/** A small deterministic generator: the same demo on every machine. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

type Fate =
  | 'SUCCESS'
  | 'SUCCESS_BY_CODE'
  | 'PENDING'
  | 'DISPUTE'
  | 'DUPLICATE'
  | 'IMG_PENDING'
  | 'DROPPED'
  | 'CONFIRMED'
  | 'INITIATED'
  | 'ASSIGNED';
const FATES: [Fate, number][] = [
  ['SUCCESS', 0.5],
  ['SUCCESS_BY_CODE', 0.12],
  ['DROPPED', 0.12],
  ['PENDING', 0.05],
  ['DISPUTE', 0.05],
  ['DUPLICATE', 0.03],
  ['IMG_PENDING', 0.03],
  ['CONFIRMED', 0.04],
  ['INITIATED', 0.03],
  ['ASSIGNED', 0.03],
];

const fateOf = (r: number): Fate => {
  let acc = 0;
  for (const [fate, share] of FATES) if (r < (acc += share)) return fate;
  return 'SUCCESS';
};

/**
 * Demo deposits made through the same services the API uses (issue 10, item 9), so journals,
 * audit events and callbacks are what real traffic leaves; afterwards the rows are moved back in
 * time over the last 90 days; the journals are dated with them at the end of the demo seed
 * (dateJournalsAtTheirEvents).
 */
export const seedDemoDeposits = async (db: Db, opts: { callbackBase: string; ttlMinutes?: number }) => {
  const [{ n }] = await db.select({ n: count() }).from(payins);
  if (n > 0) return false;
  // The demo merchants call back to the receiver inside the product (routes/demo-receiver.ts).
  for (const code of ['ACME', 'ACME-KIDS', 'BOLT', 'CRISP'])
    await db
      .update(merchants)
      .set({ payinCallbackUrl: `${opts.callbackBase}/v1/demo/callbacks/${code}` })
      .where(eq(merchants.code, code));
  const screenshot = await QRCode.toBuffer('Demo payment screenshot', { type: 'png' });
  const next = random(20_261_124);
  const urls = { allowPrivate: true };
  const staff = await demoUserOf(db, 'operations');
  const admin = await demoUserOf(db, 'admin');
  const codes = ['ACME', 'ACME-KIDS', 'BOLT', 'CRISP'];
  const rows = await db.select().from(merchants).where(inArray(merchants.code, codes));
  let utrSeq = 0;
  const nextUtr = () => String(402_611_000_000 + (utrSeq += 1));
  const ip = '127.0.0.1';
  const made: string[] = [];
  // Five customers at a time: the demo is ready in seconds, and the services meet some concurrency.
  const one = async (i: number) => {
    const merchant = rows[Math.floor(next() * rows.length)];
    const amount = 100 + Math.floor(next() * 200) * 50;
    const fate = fateOf(next());
    const { row } = await createPayin(
      db,
      merchant,
      {
        merchantOrderId: `DEMO-${merchant.code}-${String(i + 1).padStart(4, '0')}`,
        customerId: `cust-${1 + Math.floor(next() * 60)}`,
        amount,
      },
      { urls, actor: { userName: `merchant-api:${merchant.code}`, ip }, ttlMinutes: opts.ttlMinutes },
    );
    made.push(row.id);
    if (fate === 'INITIATED') return;
    await assignBank(db, row.id, {}, ip, opts.ttlMinutes);
    const [assigned] = await db.select().from(payins).where(eq(payins.id, row.id));
    const bank = assigned.bankAccountId!;
    const add = (utr: string, paise: number, amountCode?: string) =>
      db.transaction((tx) =>
        recordEntry(tx, checkEntry({ bankAccountId: bank, utr, amount: paise / 100, amountCode }), staff, 'Manual', ip),
      );
    const utr = nextUtr();
    switch (fate) {
      case 'SUCCESS':
        await submitUtr(db, row.id, utr, 'submit-utr', customer(ip));
        await add(utr, amount * 100);
        break;
      case 'SUCCESS_BY_CODE':
        await add(utr, amount * 100, assigned.shortCode);
        break;
      case 'PENDING':
        await submitUtr(db, row.id, utr, 'submit-utr', customer(ip));
        break;
      case 'DISPUTE':
        await add(utr, amount * 100 - 5000);
        await submitUtr(db, row.id, utr, 'submit-utr', customer(ip));
        break;
      case 'CONFIRMED':
        await add(utr, amount * 100 - 2000);
        await submitUtr(db, row.id, utr, 'submit-utr', customer(ip));
        await confirmPayin(db, admin, row.id, { confirmedAmount: amount - 20 }, ip);
        break;
      case 'DUPLICATE': {
        const [used] = await db
          .select({ utr: bankEntries.utr })
          .from(bankEntries)
          .where(sql`${bankEntries.payinId} IS NOT NULL`)
          .limit(1);
        await submitUtr(db, row.id, used?.utr ?? utr, 'submit-utr', customer(ip));
        break;
      }
      case 'IMG_PENDING':
        await submitScreenshot(db, row.id, { bytes: screenshot, type: 'image/png' }, ip);
        break;
      case 'DROPPED':
        await db
          .update(payins)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(payins.id, row.id));
        break;
      case 'ASSIGNED':
        break;
    }
  };
  for (let i = 0; i < DEMO_PAYINS; i += 5)
    await Promise.all(Array.from({ length: Math.min(5, DEMO_PAYINS - i) }, (_, k) => one(i + k)));
  await dropExpired(db);
  // A few credits nobody has claimed yet: Add data shows them as Un-Used.
  const banks = await db
    .selectDistinct({ id: payins.bankAccountId })
    .from(payins)
    .where(sql`${payins.bankAccountId} IS NOT NULL`);
  for (let i = 0; i < 12; i += 1)
    await db.transaction((tx) =>
      recordEntry(
        tx,
        checkEntry({ bankAccountId: banks[i % banks.length].id!, utr: nextUtr(), amount: 250 + i * 75 }),
        staff,
        'Manual',
        ip,
      ),
    );
  // Spread over the last 90 IST days (today the last), oldest first, a few hours apart; the open
  // ones stay now. None is moved before the first of those days, whatever the hour now in IST.
  await db.execute(sql`
    WITH first AS (
      SELECT (date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') - make_interval(days => ${DAYS} - 1))
        AT TIME ZONE 'Asia/Kolkata' AS at),
    aged AS (
      SELECT id, least(
          make_interval(days => ((${DAYS} - 1) * (1 - row_number() OVER (ORDER BY created_at) / ${made.length}::float))::int,
                        hours => abs(hashtext(id::text)) % 10),
          created_at - (SELECT at FROM first)) AS back
      FROM payins WHERE status NOT IN ('INITIATED', 'ASSIGNED'))
    UPDATE payins p SET created_at = p.created_at - a.back, updated_at = p.updated_at - a.back,
      assigned_at = p.assigned_at - a.back, submitted_at = p.submitted_at - a.back, completed_at = p.completed_at - a.back,
      expires_at = p.expires_at - a.back
    FROM aged a WHERE a.id = p.id`);
  await db.execute(sql`
    UPDATE bank_entries e SET created_at = p.updated_at, used_at = CASE WHEN e.used_at IS NULL THEN NULL ELSE p.updated_at END
    FROM payins p WHERE p.id = e.payin_id`);
  await db.execute(sql`
    UPDATE audit_events a SET at = p.created_at + (a.at - f.first)
    FROM payins p, (SELECT entity_id, min(at) AS first FROM audit_events WHERE entity = 'payins' GROUP BY entity_id) f
    WHERE a.entity = 'payins' AND a.entity_id = p.id::text AND f.entity_id = a.entity_id`);
  return true;
};
