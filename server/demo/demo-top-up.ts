import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../db';
import { merchants, payins } from '../db/schema';
import { EXPIRING_STATUSES, PAYIN_VIEWS, type PayinStatus } from '../../domain/payin';
import { repeatEvery } from '../services/common/jobs';
import { assignBank, submitScreenshot } from '../services/pay-page/pay-page';
import { createPayin, type MerchantRow } from '../services/payins/payin-create';
import { submitUtr } from '../services/payins/payin-matching';
import { customer } from '../services/payins/payin-steps';
import { DEMO_MERCHANT_CODES } from './demo-urls';

/** How many pay-ins the running demo keeps in each In Progress status (issue 13). */
export const DEMO_OPEN_PER_STATUS = 3;
/** A link this close to its expiry no longer counts: its successor is made before the sweep drops it. */
const MARGIN_MINUTES = 2;
const IP = '127.0.0.1';

export interface TopUpOptions {
  ttlMinutes: number;
}

/** How many of the demo merchants' pay-ins each In Progress status holds, the expiring ones while fresh. */
const openCounts = async (db: Db, margin: number) => {
  const fresh = or(
    notInArray(payins.status, [...EXPIRING_STATUSES]),
    sql`${payins.expiresAt} > now() + make_interval(secs => ${margin * 60})`,
  );
  const rows = await db
    .select({ status: payins.status, n: count() })
    .from(payins)
    .where(
      and(inArray(payins.status, [...PAYIN_VIEWS.progress]), inArray(payins.merchantCode, DEMO_MERCHANT_CODES), fresh),
    )
    .groupBy(payins.status);
  return new Map(rows.map((r) => [r.status, r.n]));
};

let made = 0;
/** A UTR no bank entry has: the customer's transfer has not reached the bank yet. */
const pendingUtr = () => `9${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`;

/** A pay-in taken to one In Progress status the way its customer would, through the pay page's services. */
const makeOne = async (db: Db, merchant: MerchantRow, status: PayinStatus, opts: TopUpOptions) => {
  made += 1;
  const { row } = await createPayin(
    db,
    merchant,
    {
      merchantOrderId: `DEMO-LIVE-${Date.now().toString(36).toUpperCase()}-${made}`,
      customerId: `cust-${1 + randomInt(60)}`,
      amount: 100 + randomInt(20) * 50,
    },
    {
      urls: { allowPrivate: true },
      actor: { userName: `merchant-api:${merchant.code}`, ip: IP },
      ttlMinutes: opts.ttlMinutes,
    },
  );
  if (status === 'INITIATED') return;
  await assignBank(db, row.id, {}, IP, opts.ttlMinutes);
  if (status === 'PENDING') await submitUtr(db, row.id, pendingUtr(), 'submit-utr', customer(IP));
  if (status === 'IMG_PENDING') {
    const png = await QRCode.toBuffer(`Demo payment screenshot ${row.merchantOrderId}`, { type: 'png' });
    await submitScreenshot(db, row.id, { bytes: png, type: 'image/png' }, IP);
  }
};

/**
 * One turn of the demo's top-up: every In Progress status short of DEMO_OPEN_PER_STATUS gets fresh
 * pay-ins of the demo merchants, made through the services the API uses (audit, callbacks and
 * rollups as real traffic leaves them; no money moves before a credit is matched). Answers how many.
 */
export const topUpDemoPayins = async (db: Db, opts: TopUpOptions): Promise<number> => {
  const demoMerchants = await db
    .select()
    .from(merchants)
    .where(and(inArray(merchants.code, DEMO_MERCHANT_CODES), eq(merchants.enabled, true)))
    .orderBy(merchants.code);
  if (demoMerchants.length === 0) return 0;
  const counts = await openCounts(db, Math.min(MARGIN_MINUTES, opts.ttlMinutes / 2));
  let n = 0;
  for (const status of PAYIN_VIEWS.progress)
    for (let i = counts.get(status) ?? 0; i < DEMO_OPEN_PER_STATUS; i += 1) {
      await makeOne(db, demoMerchants[(made + n) % demoMerchants.length], status, opts);
      n += 1;
    }
  return n;
};

/**
 * The demo's top-up on a timer, once its seed is done: only in the demo (serve.ts starts it when the
 * demo is seeded), never on a production configuration. A failed turn is logged; the next one tries.
 */
export const startDemoTopUp = (
  db: Db,
  log: { warn: (o: object, m: string) => void },
  opts: TopUpOptions,
  intervalMs = 30_000,
) =>
  repeatEvery(
    'demo-top-up',
    intervalMs,
    () => topUpDemoPayins(db, opts),
    (error) => log.warn({ err: error }, 'topping up the demo pay-ins failed'),
  );
