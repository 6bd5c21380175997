import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReach, type MoneyReach } from './money-reach';
import { startServer, type TestServer } from './server';
import { signInAll } from './roles';
import { keepAliveCall } from './keep-alive-call';
import { payinMoves } from './payin-moves';
import { isPayinStep, payinSteps, type PayinStep } from './payin-step-kinds';
import { CHECKER_RUPEES, PAYOUT_KINDS, payoutMoves, payoutSteps, type PayoutStep } from './payout-moves';
import { settlementMoves } from './settlement-moves';
import { moneySteps, type MoneyStep } from './settlement-step-kinds';
import { moneyRunner, moveArbOf, movesOf, type Move } from './money-runner';
import { fingerprint, ledgerWatch } from './money-checks';
import { formulaProblems, reconciliationAgrees } from './money-formulas';
import { bankListed, bankProblems, structureProblems } from './money-structure';
import { boardsAgree } from './board-checks';
import { DEEP } from './depth';

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
const OPERATIONS = 400;

/** The property's runs of 400 operations each, on a server and database of this file's own. */
export const moneyProperty = (name: string, runs: number) => {
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

  const many = async (query: ReturnType<typeof sql>) =>
    Number((await demo.s.db.execute<{ n: string }>(query)).rows[0].n);

  /** What these runs reached, for money-property-reach.test.ts to judge with the other files'. */
  const reachOf = async (): Promise<MoneyReach> => {
    const strings = async (query: ReturnType<typeof sql>) =>
      (await demo.s.db.execute<{ v: string }>(query)).rows.map((r) => r.v);
    return {
      runs: runs,
      kinds: runner.tally.kinds,
      racedLiens: runner.tally.raced.lien ?? 0,
      journalKinds: await strings(sql`SELECT DISTINCT kind AS v FROM ledger_journals ORDER BY 1`),
      settlementStatuses: await strings(
        sql`SELECT DISTINCT after->>'status' AS v FROM audit_events
          WHERE entity IN ('settlements', 'vendor-settlements') AND after ? 'status' ORDER BY 1`,
      ),
      merchantSettlements: await many(
        sql`SELECT count(*) AS n FROM settlements WHERE created_by_name LIKE 'merchant%'`,
      ),
      transferReversals:
        await many(sql`SELECT count(*) AS n FROM ledger_journals j JOIN vendor_settlements s ON s.id = j.entity_id
        WHERE j.kind = 'vendor-settlement.reversal' AND s.method LIKE 'INTERNAL%'`),
      secondLiens: moneySide.lienSide.seconds(),
      belowZero: watch.belowZero(),
    };
  };

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
    afterAll(() => console.log(`money property (${name}): ${JSON.stringify({ ...runner.tally, reconciled })}`));

    it(`holds through ${runs * OPERATIONS} operations in ${runs} runs, alone and at once`, async () => {
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
        { numRuns: runs, endOnFailure: true },
      );
      expect(runner.tally.requests).toBe(runs * OPERATIONS);
      expect(reconciled, 'runs the reconciliation check agreed after').toBe(runs);
      // What the runs reached is judged over all the deep stage's files together
      // (tests/api/money-property-reach.test.ts): one file's share of the runs may miss a rare corner.
      if (DEEP) writeReach(name, await reachOf());
    }, 600_000);
  });
};
