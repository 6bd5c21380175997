import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { istDayOf } from '../../domain/format';
import { lienRefusal } from '../../domain/lien';
import type { MoneyPrepared } from './money-runner';
import type { Demo } from './settlement-requests';
import { settles, type LienStep } from './settlement-step-kinds';

/**
 * The chargeback moves of the money property test: a chargeback of a paid pay-in (its merchant,
 * its customer, at most its confirmed amount, received by today), a second one of the same pay-in
 * (409), and the same one raced against itself (one at most). Predicted with domain/lien.ts.
 */
type Target = {
  id: string;
  merchant_code: string;
  merchant_order_id: string;
  customer_id: string;
  status: string;
  test: boolean;
  confirmed_amount: string | null;
  charged: boolean;
};
const DAY = 24 * 3600_000;
/** Before any pay-in exists: an order id no merchant has. */
const NONE: Target = {
  id: '00000000-0000-4000-8000-000000000000',
  merchant_code: 'ACME',
  merchant_order_id: 'no-such-order',
  customer_id: 'cust-prop',
  status: 'NONE',
  test: false,
  confirmed_amount: null,
  charged: false,
};
const OTHER_MERCHANT: Record<string, string> = { ACME: 'BOLT', BOLT: 'CRISP', CRISP: 'ACME', 'ACME-KIDS': 'ACME' };

export const lienMoves = (demo: Demo) => {
  /** Second chargebacks of a pay-in refused as such (409 LIEN_EXISTS), alone or raced. */
  let seconds = 0;
  const targets = async (which: LienStep['target']) => {
    const where = {
      fresh: sql`p.status = 'SUCCESS' AND NOT p.test AND l.id IS NULL`,
      again: sql`l.id IS NOT NULL`,
      other: sql`true`,
    }[which];
    const order = which === 'again' ? sql`l.created_at DESC` : sql`p.updated_at DESC`;
    return (
      await demo.s.db.execute<Target>(sql`SELECT p.id, p.merchant_code, p.merchant_order_id, p.customer_id, p.status,
        p.test, p.confirmed_amount, l.id IS NOT NULL AS charged
      FROM payins p LEFT JOIN liens l ON l.payin_id = p.id WHERE ${where} ORDER BY ${order} LIMIT 8`)
    ).rows;
  };

  const prepare = async (step: LienStep): Promise<MoneyPrepared> => {
    const found = await targets(step.target);
    const rows = found.length > 0 ? found : await targets('other');
    const row = rows.length === 0 ? NONE : rows[step.p % rows.length];
    const confirmed = Number(row.confirmed_amount ?? 0);
    const paise = { full: Math.max(confirmed, 1), part: Math.max(Math.floor(confirmed / 2), 1), over: confirmed + 1 }[
      step.amount
    ];
    const day = { today: Date.now(), past: Date.now() - 30 * DAY, future: Date.now() + 2 * DAY }[step.day];
    const body = {
      merchantCode: step.rightMerchant ? row.merchant_code : OTHER_MERCHANT[row.merchant_code],
      merchantOrderId: row.merchant_order_id,
      customerId: step.rightCustomer ? row.customer_id : 'cust-other',
      amount: paise / 100,
      receivedAt: istDayOf(new Date(day)),
      reason: 'Customer disputed with the bank',
    };
    const refusal = lienRefusal(
      step.rightMerchant && row !== NONE
        ? {
            merchantCode: row.merchant_code,
            customerId: row.customer_id,
            status: row.status,
            test: row.test,
            confirmedAmount: row.confirmed_amount === null ? null : confirmed,
          }
        : null,
      { merchantCode: body.merchantCode, customerId: body.customerId, amount: paise },
    );
    return {
      label: `lien ${JSON.stringify(body)} as ${step.as} (pay-in ${row.id.slice(0, 8)} ${row.status}${row.test ? ' test' : ''} ${confirmed / 100}${row.charged ? ', charged back' : ''})`,
      allowed: settles(step.as) && refusal === null && !row.charged && step.day !== 'future',
      exclusive: true,
      send: async () => {
        const res = await demo.s.call('POST', '/v1/liens', { token: demo.t[step.as], body });
        if (res.status === 409 && res.body?.error?.code === 'LIEN_EXISTS') seconds += 1;
        return res;
      },
      after: async (data) => {
        expect(data.data).toMatchObject({ amount: paise / 100, merchantOrderId: row.merchant_order_id });
        const liens = await demo.s.db.execute<{ amount: string }>(
          sql`SELECT amount FROM liens WHERE payin_id = ${row.id}`,
        );
        expect(liens.rows.map((l) => Number(l.amount))).toEqual([paise]);
      },
    };
  };

  return { prepare, seconds: () => seconds };
};
