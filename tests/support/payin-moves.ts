import { desc, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankEntries, merchants, payins } from '../../server/db/schema';
import { dropExpired } from '../../server/services/payins/payin-expiry';
import { canTransition } from '../../domain/payin';
import { bankIdOf, createPayin, merchantKey, orderId, utrOf } from './deposits';
import { entryMoves, recent, rupees, type EntryRow, type PayinRow, type PayinWorld } from './payin-entry-moves';
import type { Prepared } from './payout-moves';
import { AMOUNTS, PAYIN_MERCHANTS, SUITS, type PayinStep, type UtrFrom } from './payin-step-kinds';
import { confirm } from './roles';
import type { TestServer } from './server';

/**
 * The pay-in moves of the property tests (tests/api/ledger-property.test.ts, tests/support/money-property.ts):
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
  /** Password confirmations serve one request each: asked for every request that needs one. */
  const confirmationsNow = async () => ({
    confirm: await confirm(demo.s, demo.t.transactions, 'payin.confirm'),
  });
  /** A user the maker (transactions) created: never its checker. */
  const made = { token: '', password: 'Made-by-maker-1' };
  const entries = entryMoves({ demo, world, banks, confirmations: confirmationsNow });
  const { payinOf, expectStatus, post, outcomeOf } = entries;

  const load = async () => {
    for (const code of PAYIN_MERCHANTS) keys[code] = await merchantKey(demo.s, code);
    for (const nickname of BANKS) banks[nickname] = await bankIdOf(demo.s, nickname);
    await demo.s.db.update(merchants).set({ disputesAllowed: false }).where(eq(merchants.code, 'BOLT'));
    const userName = `made-${orderId('u')}`;
    await post('/v1/users', {
      token: demo.t.transactions,
      body: { fullName: 'Made By Maker', userName, password: 'Made-by-maker-0', role: 'OPERATIONS' },
    });
    const first = await demo.s.login(userName, 'Made-by-maker-0');
    await post('/v1/change-password', {
      token: first,
      body: { currentPassword: 'Made-by-maker-0', newPassword: made.password },
    });
    made.token = await demo.s.login(userName, made.password);
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
      case 'confirm':
        return prepareConfirm(step, row, name);
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

  /**
   * Staff set a pay-in to SUCCESS (issue 29): at most at its bank entry's amount, or without one at
   * most at its asked amount, on a UTR no other record used, with a reason and a checker who is
   * another person (the adversary's checker is a user the maker created).
   */
  const prepareConfirm = async (step: Extract<PayinStep, { kind: 'confirm' }>, row: PayinRow, name: string) => {
    const { t } = demo;
    const asked = row.amount ?? 500_00;
    const amount = { asked, entry: row.confirmedAmount ?? asked, other: asked + 7_77 }[step.amount];
    const typed = step.utr === 'recent' ? (recent([...world.entries, ...world.utrs], step.i) ?? null) : null;
    const utr = typed ?? row.submittedUtr;
    const own = row.bankEntryId ? await entryById(row.bankEntryId) : undefined;
    const byUtr = !own && utr ? await entries.entryOf(utr) : undefined;
    const entryUsed = Boolean(byUtr && ((byUtr.payinId && byUtr.payinId !== row.id) || byUtr.vendorSettlementId));
    const entry = own ?? (byUtr && !entryUsed ? byUtr : undefined);
    // The UTR the success uses: staff's is checked up front; an entry's is claimed with the success
    // (refused when a late credit left it used by another pay-in); a test pay-in claims none.
    const claimed = entry?.utr ?? utr;
    const use = claimed ? await utrUseOf(claimed) : undefined;
    const usedElsewhere = Boolean(use && use.entity_id !== row.id && (!entry || !row.test));
    const [{ max }] = (
      await demo.s.db.execute<{ max: string }>(sql`SELECT max_payin AS max FROM merchants WHERE id = ${row.merchantId}`)
    ).rows;
    const bound = entry ? entry.amount : (row.amount ?? Number(max));
    const waiting = await waitingOf(row.id);
    const refusesDispute = row.status === 'DISPUTE' && !DISPUTES_ALLOWED[row.merchantCode] && amount !== row.amount;
    const body = { confirmedAmount: rupees(amount), ...(typed ? { utr: typed } : {}), reason: 'Seen on the statement' };
    const sameAsWaiting =
      waiting !== undefined &&
      waiting.details.confirmedAmount === rupees(amount) &&
      (waiting.details.utr ?? null) === (utr ?? null);
    const checks =
      step.as === 'transactions' &&
      canTransition('confirm', row.status) &&
      !refusesDispute &&
      Boolean(entry || utr) &&
      !entryUsed &&
      !usedElsewhere &&
      amount <= bound;
    // With a bank entry one person confirms; without, the maker's request then a checker's same call.
    const allowed = checks && (entry !== undefined || (waiting ? step.checker === 'admin' && sameAsWaiting : true));
    const confirmAs = async (token: string, password?: string) =>
      post(`/v1/payins/${row.id}/confirm`, {
        token,
        body,
        headers: await confirm(demo.s, token, 'payin.confirm', password),
      });
    const checkerCall = () => (step.checker === 'admin' ? confirmAs(t.admin) : confirmAs(made.token, made.password));
    return {
      label: `${name} as ${step.as} for ${rupees(amount)} on UTR ${utr ?? 'none'}${entry ? ' (entry)' : ''}${waiting ? ` (waiting ${JSON.stringify(waiting.details)})` : ''}, checked by ${step.checker}`,
      allowed,
      send: async () => {
        if (step.as !== 'transactions')
          return post(`/v1/payins/${row.id}/confirm`, {
            token: step.as === 'merchant' ? t.merchant : t.transactions,
            body,
          });
        if (waiting && !entry) return checkerCall();
        const first = await confirmAs(t.transactions);
        if (first.status !== 202) return first;
        const second = await checkerCall();
        // A refused checker leaves the maker's request waiting: the step did what the maker asked.
        return second.status === 403 && second.body?.error?.code === 'SAME_PERSON' ? first : second;
      },
      after: async () => {
        if (!entry && step.checker === 'made') {
          expect((await payinOf(row.id)).status).toBe(row.status);
          expect(await waitingOf(row.id)).toBeDefined();
          return;
        }
        expect(await payinOf(row.id)).toMatchObject({ status: 'SUCCESS', confirmedAmount: amount });
        if (!entry) expect((await payinOf(row.id)).utr).toBe(utr);
      },
    };
  };
  const entryById = async (id: string) =>
    (await demo.s.db.select().from(bankEntries).where(eq(bankEntries.id, id)))[0] as EntryRow | undefined;
  const utrUseOf = async (utr: string) =>
    (await demo.s.db.execute<{ entity: string; entity_id: string }>(sql`SELECT * FROM utr_uses WHERE utr = ${utr}`))
      .rows[0];
  const waitingOf = async (id: string) =>
    (
      await demo.s.db.execute<{ maker_name: string; details: Record<string, unknown> }>(
        sql`SELECT maker_name, details FROM checker_requests WHERE entity = 'payins' AND entity_id = ${id}`,
      )
    ).rows[0];

  return { world, banks, load, prepare, payinOf, confirmations: confirmationsNow };
};
