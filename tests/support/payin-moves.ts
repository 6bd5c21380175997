import { desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { merchants, payins } from '../../server/db/schema';
import { dropExpired } from '../../server/services/payin-expiry';
import { canTransition } from '../../domain/payin';
import { bankIdOf, createPayin, merchantKey, orderId, utrOf } from './deposits';
import { entryMoves, recent, rupees, type PayinRow, type PayinWorld } from './payin-entry-moves';
import type { Prepared } from './payout-moves';
import { AMOUNTS, PAYIN_MERCHANTS, SUITS, type PayinStep, type UtrFrom } from './payin-step-kinds';
import { confirm } from './roles';
import type { TestServer } from './server';

/**
 * The pay-in moves of the property tests (tests/api/ledger-property.test.ts, money-property.test.ts):
 * each step reads what it acts on, predicts from domain/payin.ts and domain/payin-matching.ts
 * whether the rules allow it, and builds its request through the real HTTP API.
 */
type Index = number;
const BANKS = ['ALPHA-HDFC-01', 'ALPHA-ICICI-02', 'BETA-AXIS-01'] as const;
/** BOLT takes no disputed amount: the property test's server is set so at load. */
const DISPUTES_ALLOWED: Record<string, boolean> = { ACME: true, BOLT: false, CRISP: true };
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
const live = (row: PayinRow) => row.expiresAt.getTime() > Date.now();

/** The moves, bound to a test file's server, its signed-in users and the merchants' API keys (filled by load). */
export const payinMoves = (demo: { s: TestServer; t: Record<string, string> }, keys: Record<string, string>) => {
  const world: PayinWorld = { payins: [], entries: [], utrs: [] };
  const banks: Record<string, string> = {};
  let confirmations: { at: number; confirm: Record<string, string>; reset: Record<string, string> } | undefined;
  /** Password confirmations, asked again before they expire (five minutes). */
  const confirmationsNow = async () => {
    if (!confirmations || Date.now() - confirmations.at > 4 * 60_000)
      confirmations = {
        at: Date.now(),
        confirm: await confirm(demo.s, demo.t.transactions, 'payin.confirm'),
        reset: await confirm(demo.s, demo.t.admin, 'bank-entry.reset'),
      };
    return confirmations;
  };
  const entries = entryMoves({ demo, world, banks, confirmations: confirmationsNow });
  const { payinOf, expectStatus, post, outcomeOf } = entries;

  const load = async () => {
    for (const code of PAYIN_MERCHANTS) keys[code] = await merchantKey(demo.s, code);
    for (const nickname of BANKS) banks[nickname] = await bankIdOf(demo.s, nickname);
    await demo.s.db.update(merchants).set({ disputesAllowed: false }).where(eq(merchants.code, 'BOLT'));
  };

  const chooseUtr = (from: UtrFrom, i: number) => {
    if (from === 'bad') return '12345';
    const known = from === 'entry' ? recent(world.entries, i) : from === 'claimed' ? recent(world.utrs, i) : null;
    return known ?? utrOf(7);
  };

  const prepareCreate = (step: Extract<PayinStep, { kind: 'create' }>): Prepared => {
    const merchant = PAYIN_MERCHANTS[step.merchant % PAYIN_MERCHANTS.length];
    const amount = AMOUNTS[step.amount % AMOUNTS.length];
    const earlier = world.payins.find((p) => p.merchant === merchant);
    const body: Record<string, unknown> = { merchantOrderId: orderId('prop'), customerId: 'cust-prop' };
    if (step.fixed || step.bad === 'amount') body.amount = amount;
    if (step.test) body.test = true;
    let allowed = true;
    if (step.bad === 'amount') {
      body.amount = [10.005, 99.99, 1_00_000.01, 0][step.amount % 4];
      allowed = false;
    } else if (step.bad === 'order' && earlier) {
      // The same order id for another amount: the first pay-in stays as it was.
      Object.assign(body, { merchantOrderId: earlier.merchantOrderId, amount: 7_777.77 });
      allowed = false;
    }
    return {
      label: `create ${merchant} ${JSON.stringify(body)}`,
      allowed,
      send: async () => {
        const res = await createPayin(demo.s, keys[merchant], body);
        if (res.status === 201)
          world.payins.push({ id: res.body.data.id, merchant, merchantOrderId: body.merchantOrderId as string });
        return res;
      },
      after: async (data) => expectStatus(data.data.id, 'INITIATED'),
    };
  };

  const targetOf = async (kind: keyof typeof SUITS, p: Index) => {
    if (p % 4 !== 0) {
      const suited = await demo.s.db
        .select({ id: payins.id })
        .from(payins)
        .where(inArray(payins.status, SUITS[kind]))
        .orderBy(desc(payins.createdAt))
        .limit(8);
      if (suited.length > 0) return suited[p % suited.length].id;
    }
    return recent(world.payins, p)?.id;
  };

  /** Reads what the step will act on, decides whether the rules allow it, and builds its request. */
  const prepare = async (step: PayinStep): Promise<Prepared> => {
    if (step.kind === 'create') return prepareCreate(step);
    if (step.kind === 'reset') return entries.prepareReset(step);
    const target = await targetOf(step.kind, step.p);
    if (!target) return prepareCreate({ kind: 'create', merchant: 0, amount: 2, fixed: true, test: false, bad: null });
    const row = await payinOf(target);
    const name = `${step.kind} ${row.id.slice(0, 8)} (${row.status}${live(row) ? '' : ', expired'})`;
    const { t } = demo;
    switch (step.kind) {
      case 'assign': {
        const body = row.amountFixed ? {} : { amount: AMOUNTS[step.amount % AMOUNTS.length] };
        return {
          label: `${name} ${JSON.stringify(body)}`,
          allowed: row.status === 'ASSIGNED' || (row.status === 'INITIATED' && live(row)),
          send: () => post(`/v1/pay/${row.id}/assign`, { body }),
          after: () => expectStatus(row.id, 'ASSIGNED'),
        };
      }
      case 'utr':
      case 'enter-utr': {
        const utr = chooseUtr(step.from, step.i);
        const typed = step.i % 3 === 0 && utr.length === 12 ? `${utr.slice(0, 6)} ${utr.slice(6)}` : utr;
        const byCustomer = step.kind === 'utr';
        const outcome = await outcomeOf(row, utr);
        return {
          label: `${name} ${step.from} UTR ${typed} (expect ${outcome})`,
          allowed:
            step.from !== 'bad' && (byCustomer ? row.status === 'ASSIGNED' && live(row) : row.status === 'IMG_PENDING'),
          send: async () => {
            const res = byCustomer
              ? await post(`/v1/pay/${row.id}/utr`, { body: { utr: typed } })
              : await post(`/v1/payins/${row.id}/utr`, { token: t.transactions, body: { utr: typed } });
            if (res.status === 200) world.utrs.push(utr);
            return res;
          },
          after: async (body) => {
            expect(body.data.status).toBe(outcome);
            await expectStatus(row.id, outcome);
          },
        };
      }
      case 'screenshot':
        return {
          label: name,
          allowed: row.status === 'ASSIGNED' && live(row),
          send: async () => {
            const form = new FormData();
            form.append('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
            const res = await fetch(`${demo.s.url}/v1/pay/${row.id}/screenshot`, { method: 'POST', body: form });
            return { status: res.status, body: await res.json() };
          },
          after: () => expectStatus(row.id, 'IMG_PENDING'),
        };
      case 'entry':
        return entries.prepareEntry(step, row, name);
      case 'confirm': {
        const asked = row.amount ?? 500_00;
        const amount = { asked, entry: row.confirmedAmount ?? asked, other: asked + 7_77 }[step.amount];
        const headers = step.as === 'transactions' ? (await confirmationsNow()).confirm : undefined;
        const refusesDispute = row.status === 'DISPUTE' && !DISPUTES_ALLOWED[row.merchantCode] && amount !== row.amount;
        return {
          label: `${name} as ${step.as} for ${rupees(amount)}`,
          allowed: step.as === 'transactions' && canTransition('confirm', row.status) && !refusesDispute,
          send: () =>
            post(`/v1/payins/${row.id}/confirm`, {
              token: step.as === 'merchant' ? t.merchant : t.transactions,
              headers,
              body: { confirmedAmount: rupees(amount) },
            }),
          after: async () =>
            expect(await payinOf(row.id)).toMatchObject({ status: 'SUCCESS', confirmedAmount: amount }),
        };
      }
      case 'reopen':
        return {
          label: name,
          allowed: row.status === 'DROPPED',
          send: () => post(`/v1/payins/${row.id}/reopen`, { token: t.operations }),
          after: () => expectStatus(row.id, 'INITIATED'),
        };
      case 'expire':
        return {
          label: name,
          allowed: true,
          send: async () => {
            await demo.s.db
              .update(payins)
              .set({ expiresAt: new Date(Date.now() - 1000) })
              .where(eq(payins.id, row.id));
            return { status: 200, body: { dropped: await dropExpired(demo.s.db) } };
          },
          after: () =>
            expectStatus(row.id, row.status === 'INITIATED' || row.status === 'ASSIGNED' ? 'DROPPED' : row.status),
        };
    }
  };

  return { world, banks, load, prepare, payinOf, confirmations: confirmationsNow };
};
