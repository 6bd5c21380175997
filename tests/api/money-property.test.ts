import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { signInAll } from '../support/roles';
import { keepAliveCall } from '../support/keep-alive-call';
import { payinMoves } from '../support/payin-moves';
import { isPayinStep, PAYIN_KINDS, payinSteps, type PayinStep } from '../support/payin-step-kinds';
import { CHECKER_RUPEES, PAYOUT_KINDS, payoutMoves, payoutSteps, type PayoutStep } from '../support/payout-moves';
import { settlementMoves } from '../support/settlement-moves';
import { MONEY_KINDS, moneySteps, type MoneyStep } from '../support/settlement-step-kinds';
import { moneyRunner, moveArbOf, movesOf, type Move } from '../support/money-runner';
import { fingerprint, ledgerWatch } from '../support/money-checks';
import { formulaProblems, reconciliationAgrees } from '../support/money-formulas';
import { bankListed, bankProblems, structureProblems } from '../support/money-structure';
import { boardsAgree } from '../support/board-checks';
import { DEEP, runsFor } from '../support/depth';

/**
 * DESIGN §5 holds through every money event of the product (issue 12): random sequences of
 * pay-ins, pay-outs and their reversals, merchant settlements (by staff and by the merchant's own
 * users), vendor settlements and internal transfers, chargebacks (a second one of the same pay-in,
 * two racing) and every reset, some fired at once, through the real HTTP API of one server. After
 * each move: the new journals balance, a merchant's held is its PENDING holds, and nobody is
 * overdrawn but by chargebacks (money-checks.ts). After each run: every merchant's balance and
 * held and every vendor's balance equal tests/support/balance-oracle.ts over the rows, so do each bank
 * account, the treasury and the fee incomes, the ledger sums to zero, each event has the journals
 * and holds its status says, GET /v1/reconciliation finds no difference, and the boards' rollups
 * are what a rebuild finds and end on the ledger's balances (board-checks.ts). An operation the
 * rules refuse gets a 4xx and changes nothing.
 */
/**
 * 10,000 operations in all in the deep stage (1,600 in the first): each run stops at its share (a
 * move that would pass it is cut short).
 */
const RUNS = runsFor(25, 4);
const OPERATIONS = 400;

/** The server's own error log, shown with a failure (a 500 says no more on the wire). */
const serverErrors: string[] = [];
const demo = {} as { s: TestServer; t: Record<string, string> };
beforeAll(async () => {
  demo.s = await startServer(
    {
      merchantApiRateLimitPerMinute: 1_000_000,
      payPageRateLimitPerMinute: 1_000_000,
      payoutCheckerThresholdRupees: CHECKER_RUPEES,
    },
    { logger: { level: 'error', stream: { write: (line: string) => serverErrors.push(line) } } },
  );
  demo.t = await signInAll(demo.s);
});
afterAll(() => demo.s?.close());

type Step = PayinStep | PayoutStep | MoneyStep;
const moveArb = moveArbOf<Step>(fc.oneof(...payinSteps, ...payoutSteps, ...moneySteps));

const keys: Record<string, string> = {};
/** The same server and users, called over kept-alive connections (set before the tests). */
const client = {} as typeof demo;
const payinSide = payinMoves(client, keys);
const payoutSide = payoutMoves(client, keys);
const moneySide = settlementMoves(client);
const isPayoutStep = (step: Step): step is PayoutStep => (PAYOUT_KINDS as string[]).includes(step.kind);
const runner = moneyRunner<Step>({
  prepare: (step) =>
    isPayinStep(step)
      ? payinSide.prepare(step)
      : isPayoutStep(step)
        ? payoutSide.prepare(step)
        : moneySide.prepare(step),
  fingerprint: () => fingerprint(demo.s),
});
const watch = ledgerWatch(demo);
let reconciled = 0;

/** The move as far as it fits in what is left of the run. */
const fit = (move: Move<Step>, left: number): Move<Step> =>
  movesOf(move) <= left
    ? move
    : move.times > 1
      ? { steps: move.steps, times: left }
      : { steps: move.steps.slice(0, left), times: 1 };

const afterRun = async () => {
  expect(await formulaProblems(demo.s)).toEqual([]);
  expect(await structureProblems(demo.s)).toEqual([]);
  // Prevented: a UTR used twice, a confirmation without an entry nobody checked. Only detected: a late
  // credit below a checked confirmation (the bank's word arrives after the people's), which the
  // reconciliation must list.
  const listed = await bankListed(demo.s, demo.t.admin);
  const problems = await bankProblems(demo.s);
  expect(problems.filter((p) => !(p.problem === 'above its entry' && listed.has(p.id)))).toEqual([]);
  await reconciliationAgrees(demo.s, demo.t.admin);
  await boardsAgree(demo.s, demo.t.admin);
  reconciled += 1;
};

const many = async (query: ReturnType<typeof sql>) => Number((await demo.s.db.execute<{ n: string }>(query)).rows[0].n);

describe('the ledger under every money event', () => {
  beforeAll(async () => {
    client.s = { ...demo.s, call: keepAliveCall(demo.s.url) };
    client.t = demo.t;
    await payinSide.load();
    await payinSide.confirmations();
    await payoutSide.load();
    await moneySide.load();
    // A customer may submit the UTR of a credit recorded for an internal transfer, and take it first.
    moneySide.vendorSide.entries.utrs = payinSide.world.entries;
    await watch.start();
  });
  afterAll(() => console.log(`money property: ${JSON.stringify({ ...runner.tally, reconciled })}`));

  it(`holds through ${RUNS * OPERATIONS} operations in ${RUNS} runs, alone and at once`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(moveArb, { minLength: OPERATIONS, maxLength: OPERATIONS }), async (moves) => {
        const log: string[] = [];
        try {
          let done = 0;
          for (const move of moves) {
            if (done >= OPERATIONS) break;
            done += await runner.send(fit(move, OPERATIONS - done), log);
            await watch.check();
          }
          await afterRun();
        } catch (error) {
          const logged = serverErrors.length > 0 ? `\nthe server logged:\n${serverErrors.join('')}` : '';
          throw new Error(`${(error as Error).message}${logged}\nthis run's moves:\n${log.join('\n')}`, {
            cause: error,
          });
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    const { tally } = runner;
    expect(tally.requests).toBe(RUNS * OPERATIONS);
    expect(reconciled, 'runs the reconciliation check agreed after').toBe(RUNS);
    // What the runs reached: the first stage's few runs prove the rules held, the deep stage's
    // runs that they reached every kind of step and corner.
    if (!DEEP) return;
    // Every kind of step was sent and, but the one always refused, accepted at least once.
    expect(Object.keys(tally.kinds).sort()).toEqual([...PAYIN_KINDS, ...PAYOUT_KINDS, ...MONEY_KINDS].sort());
    for (const [kind, { ok, refused }] of Object.entries(tally.kinds))
      expect(kind === 'transfer-entry-reset' ? refused : ok, kind).toBeGreaterThan(0);
    expect(tally.raced.lien ?? 0, 'chargebacks raced').toBeGreaterThan(0);
    const kinds = await demo.s.db.execute<{ kind: string }>(sql`SELECT DISTINCT kind FROM ledger_journals ORDER BY 1`);
    expect(kinds.rows.map((r) => r.kind)).toEqual([
      'lien',
      'payin.reversal',
      'payin.success',
      'payout.reversal',
      'payout.success',
      'settlement.reversal',
      'settlement.success',
      'vendor-settlement.reversal',
      'vendor-settlement.success',
    ]);
    const reached = await demo.s.db.execute<{ status: string }>(
      sql`SELECT DISTINCT after->>'status' AS status FROM audit_events
        WHERE entity IN ('settlements', 'vendor-settlements') AND after ? 'status' ORDER BY 1`,
    );
    expect(reached.rows.map((r) => r.status)).toEqual(['INITIATED', 'REJECTED', 'SUCCESS']);
    // The corners the issue names: merchants' own requests, a transfer reset (its entry freed), a
    // second chargeback of a pay-in refused, and a balance a chargeback took below zero.
    expect(
      await many(sql`SELECT count(*) AS n FROM settlements WHERE created_by_name LIKE 'merchant%'`),
    ).toBeGreaterThan(0);
    expect(
      await many(sql`SELECT count(*) AS n FROM ledger_journals j JOIN vendor_settlements s ON s.id = j.entity_id
        WHERE j.kind = 'vendor-settlement.reversal' AND s.method LIKE 'INTERNAL%'`),
    ).toBeGreaterThan(0);
    expect(moneySide.lienSide.seconds(), 'second chargebacks refused').toBeGreaterThan(0);
    expect(watch.belowZero(), 'a chargeback took a balance below zero').toBeGreaterThan(0);
  }, 600_000);
});
