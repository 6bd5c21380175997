import fc from 'fast-check';
import { expect } from 'vitest';
import type { Prepared, Reply } from './payout-moves';

/**
 * How the money property test (tests/support/money-property.ts) sends its moves: a step alone,
 * with the rules' prediction checked (a refused one must change nothing), or several at once
 * (different steps, or one request raced against itself), where only the invariants judge.
 */
export interface MoneyPrepared extends Prepared {
  /** Raced against itself, at most one of the copies may be accepted (one transition, one entry, one chargeback). */
  exclusive?: boolean;
}

/** One step alone, several different ones at once, or one request raced against itself. */
export interface Move<S> {
  steps: S[];
  times: number;
}

export const moveArbOf = <S>(stepArb: fc.Arbitrary<S>): fc.Arbitrary<Move<S>> =>
  fc.oneof(
    { weight: 2, arbitrary: stepArb.map((step) => ({ steps: [step], times: 1 })) },
    { weight: 5, arbitrary: fc.array(stepArb, { minLength: 2, maxLength: 10 }).map((steps) => ({ steps, times: 1 })) },
    {
      weight: 1,
      arbitrary: fc.tuple(stepArb, fc.integer({ min: 2, max: 4 })).map(([step, times]) => ({ steps: [step], times })),
    },
  );

export const movesOf = <S>(move: Move<S>) => move.steps.length * move.times;

export const moneyRunner = <S extends { kind: string }>(opts: {
  prepare: (step: S) => Promise<MoneyPrepared>;
  /** Everything an operation could change. */
  fingerprint: () => Promise<unknown>;
}) => {
  /** Requests sent; `illegal`: refused as the rules predicted; `lost`: 4xx at once with others; `raced`: copies sent together. */
  const tally = {
    moves: 0,
    requests: 0,
    illegal: 0,
    together: 0,
    lost: 0,
    raced: {} as Record<string, number>,
    kinds: {} as Record<string, { ok: number; refused: number }>,
  };
  const count = (kind: string, status: number) => {
    const k = (tally.kinds[kind] ??= { ok: 0, refused: 0 });
    tally.requests += 1;
    if (status >= 400) k.refused += 1;
    else k.ok += 1;
  };
  const said = (res: Reply) => (res.status >= 400 ? ` ${JSON.stringify(res.body?.error ?? res.body)}` : '');

  const alone = async (step: S, log: string[]) => {
    const p = await opts.prepare(step);
    const before = p.allowed ? null : await opts.fingerprint();
    const res = await p.send();
    log.push(`${p.label} -> ${res.status}${said(res)}`);
    count(step.kind, res.status);
    if (p.allowed) {
      expect(res.status, `allowed, so accepted: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      await p.after?.(res.body);
    } else {
      expect(res.status, 'refused with a 4xx').toBeGreaterThanOrEqual(400);
      expect(res.status, 'refused with a 4xx').toBeLessThan(500);
      expect(await opts.fingerprint(), 'a refused operation changes nothing').toEqual(before);
      tally.illegal += 1;
    }
  };

  const together = async (move: Move<S>, log: string[]) => {
    // All built first, then sent at once; the copies of a raced one too.
    const prepared = await Promise.all(move.steps.map(opts.prepare));
    const sent = await Promise.all(
      prepared.map(async (p, i) => ({
        step: move.steps[i],
        p,
        replies: await Promise.all(Array.from({ length: move.times }, () => p.send())),
      })),
    );
    tally.together += 1;
    const all = sent.flatMap(({ step, p, replies }) => replies.map((reply) => ({ step, p, reply })));
    log.push(`together: ${all.map(({ p, reply }) => `${p.label} -> ${reply.status}${said(reply)}`).join(' | ')}`);
    for (const { step, p, reply } of all) {
      count(step.kind, reply.status);
      expect(reply.status, `${p.label} -> ${JSON.stringify(reply.body)}`).toBeLessThan(500);
    }
    tally.lost += all.filter(({ reply }) => reply.status >= 400).length;
    if (move.times > 1) {
      const [{ step, p, replies }] = sent;
      tally.raced[step.kind] = (tally.raced[step.kind] ?? 0) + 1;
      if (p.exclusive)
        expect(replies.filter((r) => r.status < 300).length, `${step.kind} raced: one at most`).toBeLessThanOrEqual(1);
    }
  };

  /** Sends one move; answers how many operations it was. */
  const send = async (move: Move<S>, log: string[]) => {
    tally.moves += 1;
    if (move.steps.length === 1 && move.times === 1) await alone(move.steps[0], log);
    else await together(move, log);
    return movesOf(move);
  };

  return { tally, send };
};
