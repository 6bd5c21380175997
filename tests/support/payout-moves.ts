import { feeOf } from '../../domain/money';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkerRequests, merchants, payouts, users } from '../../server/db/schema';
import { moneyOf } from '../../server/services/ledger/holds';
import { merchantAccount } from '../../domain/ledger';
import {
  holdOf,
  mayProcess,
  needsChecker,
  PAYOUT_REJECTION_REASONS,
  type PayoutAction,
  type PayoutStatus,
} from '../../domain/payout';
import type { Role } from '../../domain/roles';
import { bankIdOf, orderId, utrOf } from './deposits';
import { AMOUNTS, CHECKER_RUPEES, MERCHANTS, SUITS, type PayoutStep, type Staff } from './payout-step-kinds';
import type { TestServer } from './server';

export { CHECKER_RUPEES, PAYOUT_KINDS, payoutSteps, type PayoutStep } from './payout-step-kinds';

/**
 * The pay-out moves of the ledger property test (tests/api/ledger-property.test.ts): each step
 * reads what it acts on, predicts from domain/payout.ts whether the rules allow it, and builds its
 * request through the real HTTP API.
 */
export type Reply = { status: number; body: any };
export interface Prepared {
  label: string;
  /** The rules allow it now: 2xx. Otherwise 4xx and nothing changes. */
  allowed: boolean;
  send: () => Promise<Reply>;
  /** What must hold once it was accepted, when it ran alone. */
  after?: (body: any) => Promise<void>;
}

type Index = number;
type PayoutRow = typeof payouts.$inferSelect;
type Request = typeof checkerRequests.$inferSelect;
type User = { id: string; role: Role; vendorCode: string | null };

/** The moves, bound to a test file's server, its signed-in users and the merchants' API keys. */
export const payoutMoves = (demo: { s: TestServer; t: Record<string, string> }, keys: Record<string, string>) => {
  const made: { id: string; merchant: string; merchantOrderId: string; amount: number }[] = [];
  const who: Record<string, User> = {};
  const banks: Record<string, string> = {};
  const post = (path: string, as: string, body?: unknown) => demo.s.call('POST', path, { token: demo.t[as], body });
  const rowOf = async (id: string) => (await demo.s.db.select().from(payouts).where(eq(payouts.id, id)))[0];
  const merchantOf = async (code: string) =>
    (await demo.s.db.select().from(merchants).where(eq(merchants.code, code)))[0];
  const availableOf = async (merchantId: string) => (await moneyOf(demo.s.db, merchantAccount(merchantId))).available;
  /** The maker's request waiting on a pay-out (four-eyes.ts), or null. */
  const requestOf = async (id: string): Promise<Request | null> =>
    (
      await demo.s.db
        .select()
        .from(checkerRequests)
        .where(and(eq(checkerRequests.entity, 'payouts'), eq(checkerRequests.entityId, id)))
    )[0] ?? null;
  /** The row's fields, and when given its waiting request's (null: none waits). */
  const expectRow = async (id: string, fields: Partial<PayoutRow>, request?: Partial<Request> | null) => {
    expect(await rowOf(id)).toMatchObject(fields);
    if (request !== undefined) expect(await requestOf(id)).toEqual(request && expect.objectContaining(request));
  };

  const load = async () => {
    const rows = await demo.s.db
      .select({ id: users.id, userName: users.userName, role: users.role, vendorCode: users.vendorCode })
      .from(users)
      .where(inArray(users.userName, ['operations', 'transactions', 'admin', 'vendor']));
    for (const u of rows) who[u.userName] = u;
    for (const nickname of ['ALPHA-SBI-PAYOUT', 'BETA-KOTAK-PAYOUT', 'ALPHA-HDFC-01'])
      banks[nickname] = await bankIdOf(demo.s, nickname);
  };

  const targetOf = async (kind: keyof typeof SUITS, p: Index) => {
    if (p % 4 !== 0) {
      const suited = await demo.s.db
        .select({ id: payouts.id })
        .from(payouts)
        .where(inArray(payouts.status, SUITS[kind]))
        .orderBy(desc(payouts.createdAt))
        .limit(8);
      if (suited.length > 0) return suited[p % suited.length].id;
    }
    return made.length === 0 ? undefined : made[made.length - 1 - (p % Math.min(8, made.length))].id;
  };

  const create = async (step: Extract<PayoutStep, { kind: 'payout' }>): Promise<Prepared> => {
    const code = MERCHANTS[step.merchant % MERCHANTS.length];
    const merchant = await merchantOf(code);
    const amount: number = step.bad === 'limit' ? [499.99, 2_00_000.01][step.amount % 2] : AMOUNTS[step.amount % 5];
    const bank = { accountHolder: 'Asha Rao', accountNumber: '001234567890', ifsc: 'hdfc0001234' };
    const beneficiary =
      step.bad === 'beneficiary' ? { ...bank, upiId: 'asha@upi' } : step.upi ? { upiId: 'asha@upi' } : bank;
    const earlier = made.find((m) => m.merchant === code && m.amount !== amount);
    const reused = step.bad === 'order' && earlier;
    const body = {
      merchantOrderId: reused ? earlier.merchantOrderId : orderId('wd'),
      customerId: 'cust-wd',
      amount,
      beneficiary,
    };
    const hold = holdOf({
      amount: Math.round(amount * 100),
      fee: feeOf(Math.round(amount * 100), merchant.payoutFeeBps),
    });
    const available = await availableOf(merchant.id);
    return {
      label: `payout ${code} ${JSON.stringify(body)} (available ${available / 100})`,
      allowed: (step.bad === null || (step.bad === 'order' && !reused)) && available >= hold,
      send: async () => {
        const res = await demo.s.call('POST', '/v1/merchant-api/payouts', {
          headers: { 'x-api-key': keys[code] },
          body,
        });
        if (res.status === 201)
          made.push({ id: res.body.data.id, merchant: code, merchantOrderId: body.merchantOrderId, amount });
        return res;
      },
      after: async (data) => expectRow(data.data.id, { status: 'INITIATED', amount: Math.round(amount * 100) }),
    };
  };

  /** May this user take this action on this pay-out now (status, role, vendor, not its own maker)? */
  const may = (row: PayoutRow, action: PayoutAction, as: Staff, status: PayoutStatus) =>
    row.status === status && mayProcess(who[as], action, row);

  const prepare = async (step: PayoutStep): Promise<Prepared> => {
    if (step.kind === 'payout') return create(step);
    const target = await targetOf(step.kind, step.p);
    if (!target) return create({ kind: 'payout', merchant: step.p, amount: 0, upi: false, bad: null });
    const row = await rowOf(target);
    const request = await requestOf(target);
    const name = `${step.kind} ${row.id.slice(0, 8)} (${row.status} ${row.amount / 100}${row.vendorCode ? ` ${row.vendorCode}` : ''}${request ? ` awaiting ${request.action} checker, maker ${request.makerName}` : ''}) as ${'as' in step ? step.as : 'operations'}`;
    const path = (action: string) => `/v1/payouts/${row.id}/${action}`;
    switch (step.kind) {
      case 'payout-assign':
        return {
          label: `${name} to ${step.vendor}`,
          allowed: row.status === 'INITIATED',
          send: () => post('/v1/payouts/assign', 'operations', { ids: [row.id], vendorCode: step.vendor }),
          after: () => expectRow(row.id, { vendorCode: step.vendor }),
        };
      case 'payout-approve': {
        const checking =
          needsChecker('approve', row.amount, CHECKER_RUPEES * 100) && request?.action === 'payout.approve';
        const maker = request?.details as { utr: string; bankAccountId: string } | undefined;
        const body = checking
          ? { method: 'manual', utr: maker!.utr, bankAccountId: maker!.bankAccountId }
          : { method: 'manual', utr: utrOf(11), bankAccountId: banks[step.from] };
        const own = step.as !== 'vendor' || body.bankAccountId === banks['ALPHA-SBI-PAYOUT'];
        const payable = body.bankAccountId !== banks['ALPHA-HDFC-01'];
        const waits = needsChecker('approve', row.amount, CHECKER_RUPEES * 100) && !checking;
        return {
          label: `${name} ${JSON.stringify(body)}`,
          allowed:
            may(row, 'approve', step.as, 'INITIATED') &&
            own &&
            payable &&
            !(checking && request?.makerId === who[step.as].id),
          send: () => post(path('approve'), step.as, body),
          after: (data) =>
            waits
              ? expectRow(row.id, { status: 'INITIATED' }, { action: 'payout.approve', makerId: who[step.as].id })
              : expectRow(row.id, { status: 'SUCCESS', utr: data.data.utr, bankAccountId: body.bankAccountId }),
        };
      }
      case 'payout-reject': {
        const reason = PAYOUT_REJECTION_REASONS[step.reason % 3];
        const body = step.text ? { reason, text: 'Account closed' } : { reason };
        return {
          label: `${name} ${JSON.stringify(body)}`,
          allowed: may(row, 'reject', step.as, 'INITIATED') && (reason !== 'Other' || step.text),
          send: () => post(path('reject'), step.as, body),
          after: () =>
            expectRow(row.id, { status: 'REJECTED', reason: reason === 'Other' ? 'Other: Account closed' : reason }),
        };
      }
      case 'payout-drop':
        return {
          label: name,
          allowed: may(row, 'drop', step.as, 'INITIATED'),
          send: () => post(path('drop'), step.as),
          after: () => expectRow(row.id, { status: 'DROPPED' }),
        };
      case 'payout-reverse': {
        const checking = request?.action === 'payout.reverse';
        return {
          label: name,
          allowed: may(row, 'reverse', step.as, 'SUCCESS') && !(checking && request?.makerId === who[step.as].id),
          send: () => post(path('reverse'), step.as),
          after: () =>
            checking
              ? expectRow(row.id, { status: 'REVERSED' }, null)
              : expectRow(row.id, { status: 'SUCCESS' }, { action: 'payout.reverse', makerId: who[step.as].id }),
        };
      }
      case 'payout-reset': {
        const available = await availableOf(row.merchantId);
        return {
          label: `${name} (available ${available / 100})`,
          allowed: may(row, 'reset', step.as, 'REJECTED') && available >= holdOf(row),
          send: () => post(path('reset'), step.as),
          after: () => expectRow(row.id, { status: 'INITIATED', reason: null, utr: null }),
        };
      }
    }
  };

  return { load, prepare };
};
