import { desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { merchants, settlements } from '../../server/db/schema';
import { moneyOf } from '../../server/services/ledger/holds';
import { merchantAccount } from '../../domain/ledger';
import type { SettlementStatus } from '../../domain/settlement';
import { lienMoves } from './lien-moves';
import type { MoneyPrepared } from './money-runner';
import { approvalOf, destinationFor, referenceFor, resetConfirmations, type Demo } from './settlement-requests';
import {
  SETTLEMENT_SUITS,
  settles,
  type MoneyStep,
  type SettlementStep,
  type VendorStep,
} from './settlement-step-kinds';
import { vendorSettlementMoves } from './vendor-settlement-moves';

/**
 * The settlement moves of the money property test (tests/support/money-property.ts): merchant
 * settlements here, vendor settlements and chargebacks in their own modules. Each step reads what
 * it acts on, predicts from domain/settlement.ts whether the rules allow it, and builds its request
 * through the real HTTP API.
 */
export type SettlementRow = typeof settlements.$inferSelect;

const MONEY_MERCHANTS = ['ACME', 'BOLT', 'CRISP'] as const;
const SMALL = [50, 120.75, 400, 999.99] as const;
/** The merchants a merchant user may settle: its own (a merchant admin's sub-merchants too). */
const REQUESTERS: Record<string, string[]> = { merchant: ['BOLT'], 'merchant-admin': ['ACME', 'ACME-KIDS'] };

export const settlementMoves = (demo: Demo) => {
  const made: string[] = [];
  const merchantIds: Record<string, string> = {};
  const confirmation = resetConfirmations(demo);
  const vendorSide = vendorSettlementMoves(demo, confirmation);
  const lienSide = lienMoves(demo);
  const post = (path: string, as: string, body?: unknown, headers?: Record<string, string>) =>
    demo.s.call('POST', path, { token: demo.t[as], body, headers });
  const rowOf = async (id: string) => (await demo.s.db.select().from(settlements).where(eq(settlements.id, id)))[0];
  const availableOf = async (merchantId: string) => (await moneyOf(demo.s.db, merchantAccount(merchantId))).available;
  const expectRow = async (id: string, fields: Partial<SettlementRow>) => expect(await rowOf(id)).toMatchObject(fields);

  const load = async () => {
    const rows = await demo.s.db.select({ id: merchants.id, code: merchants.code }).from(merchants);
    for (const m of rows) merchantIds[m.code] = m.id;
    await vendorSide.load();
    // Asked once here rather than by several steps prepared at once.
    for (const as of ['admin', 'transactions'] as const)
      for (const kind of ['settlement.reset', 'vendor-settlement.reset', 'bank-entry.reset'] as const)
        await confirmation(as, kind);
  };

  const targetOf = async (action: keyof typeof SETTLEMENT_SUITS, p: number) => {
    const suits: SettlementStatus[] = p % 4 === 0 ? ['INITIATED', 'SUCCESS', 'REJECTED'] : SETTLEMENT_SUITS[action];
    const suited = await demo.s.db
      .select({ id: settlements.id })
      .from(settlements)
      .where(inArray(settlements.status, suits))
      .orderBy(desc(settlements.createdAt))
      .limit(8);
    if (suited.length > 0) return suited[p % suited.length].id;
    return made.length === 0 ? undefined : made[made.length - 1 - (p % Math.min(8, made.length))];
  };

  const create = async (step: Extract<SettlementStep, { kind: 'settle' }>): Promise<MoneyPrepared> => {
    const code = MONEY_MERCHANTS[step.merchant % MONEY_MERCHANTS.length];
    const available = await availableOf(merchantIds[code]);
    const paise = {
      small: Math.round(SMALL[step.i % SMALL.length] * 100),
      all: Math.max(available, 1),
      over: Math.max(available, 0) + 1,
      bad: 0,
    }[step.amount];
    const amount = step.amount === 'bad' ? [10.001, 0, -5][step.i % 3] : paise / 100;
    const body = { merchantCode: code, amount, method: step.method, ...destinationFor(step.method, step.bad) };
    const requester = REQUESTERS[step.as];
    const mayAsk = settles(step.as) || (requester?.includes(code) && step.method === 'BANK');
    return {
      label: `settle ${JSON.stringify(body)} as ${step.as} (available ${available / 100})`,
      allowed: Boolean(mayAsk) && !step.bad && step.amount !== 'bad' && paise <= available,
      send: async () => {
        const res = await post('/v1/settlements', step.as, body);
        if (res.status === 201) made.push(res.body.data.id);
        return res;
      },
      after: (data) => expectRow(data.data.id, { status: 'INITIATED', amount: paise, merchantCode: code }),
    };
  };

  const prepareSettlement = async (step: SettlementStep): Promise<MoneyPrepared> => {
    if (step.kind === 'settle') return create(step);
    const action = ({ 'settle-approve': 'approve', 'settle-reject': 'reject', 'settle-reset': 'reset' } as const)[
      step.kind
    ];
    const target = await targetOf(action, step.p);
    if (!target)
      return create({
        kind: 'settle',
        merchant: step.p,
        amount: 'small',
        i: 0,
        method: 'CASH',
        as: 'admin',
        bad: false,
      });
    const row = await rowOf(target);
    const name = `${step.kind} ${row.id.slice(0, 8)} (${row.status} ${row.method} ${row.merchantCode} ${row.amount / 100}) as ${step.as}`;
    const path = `/v1/settlements/${row.id}/${action}`;
    switch (step.kind) {
      case 'settle-approve': {
        const eyes = await approvalOf(demo, 'settlements', row, step.as, referenceFor(step.ref, row.method === 'BANK'));
        const { reference } = eyes;
        const body = reference === undefined ? {} : { reference };
        return {
          label: `${name} ${JSON.stringify(body)}${eyes.maker ? ` (maker ${eyes.maker})` : ''}`,
          allowed: settles(step.as) && row.status === 'INITIATED' && eyes.valid && eyes.independent,
          exclusive: true,
          send: () => post(path, step.as, body, eyes.headers),
          after: () =>
            eyes.waits
              ? expectRow(row.id, { status: 'INITIATED' })
              : expectRow(row.id, { status: 'SUCCESS', reference: reference ?? null }),
        };
      }
      case 'settle-reject': {
        const body = { reason: step.reason ? 'Invalid Bank Details' : '   ' };
        return {
          label: `${name} ${JSON.stringify(body)}`,
          allowed: settles(step.as) && row.status === 'INITIATED' && step.reason,
          exclusive: true,
          send: () => post(path, step.as, body),
          after: () => expectRow(row.id, { status: 'REJECTED', reason: 'Invalid Bank Details' }),
        };
      }
      case 'settle-reset': {
        const available = await availableOf(row.merchantId);
        // A paid one's journal is reversed first, then the amount is held again.
        const fits = row.status === 'SUCCESS' ? available >= 0 : available >= row.amount;
        const as = step.as === 'transactions' ? 'transactions' : 'admin';
        const headers = step.as === 'unconfirmed' ? undefined : await confirmation(as, 'settlement.reset');
        return {
          label: `${name} (available ${available / 100})`,
          allowed: step.as === 'admin' && (row.status === 'SUCCESS' || row.status === 'REJECTED') && fits,
          exclusive: true,
          send: () => post(path, as, undefined, headers),
          after: () => expectRow(row.id, { status: 'INITIATED', reference: null, reason: null }),
        };
      }
    }
  };

  const prepare = (step: MoneyStep): Promise<MoneyPrepared> => {
    if (step.kind === 'lien') return lienSide.prepare(step);
    if (step.kind.startsWith('settle')) return prepareSettlement(step as SettlementStep);
    return vendorSide.prepare(step as VendorStep);
  };

  return { load, prepare, vendorSide, lienSide };
};
