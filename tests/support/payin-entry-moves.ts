import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankEntries, checkerRequests, payins } from '../../server/db/schema';
import { matchUtr } from '../../domain/payin-matching';
import type { PayinStatus } from '../../domain/payin';
import { utrOf } from './deposits';
import { confirm } from './roles';
import type { Prepared } from './payout-moves';
import type { TestServer } from './server';

/**
 * The bank-entry side of the pay-in moves (tests/support/payin-moves.ts): a bank credit recorded
 * and what it pays, a used entry freed by staff, and what matching a UTR decides, read from the
 * database and predicted with domain/payin-matching.
 */
type Index = number;
export type EntryStep = {
  kind: 'entry';
  p: Index;
  by: 'utr' | 'code' | 'ahead' | 'repeat' | 'bad';
  sameBank: boolean;
  sameAmount: boolean;
};
/** `both`: an ADMIN asks and TRANSACTIONS checks at once, so a paid pay-in's entry is freed in every run. */
export type ResetStep = { kind: 'reset'; e: Index; as: 'admin' | 'transactions' | 'operations' | 'both' };
export type PayinRow = typeof payins.$inferSelect;
export type EntryRow = typeof bankEntries.$inferSelect;

/** What the pay-in moves made, to aim the next steps at (the newest few, so pay-ins get far in their lives). */
export interface PayinWorld {
  payins: { id: string; merchant: string; merchantOrderId: string }[];
  /** UTRs of the recorded bank entries. */
  entries: string[];
  utrs: string[];
}

export const recent = <T>(list: T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[list.length - 1 - (i % Math.min(8, list.length))];
export const rupees = (paise: number) => paise / 100;

export interface PayinContext {
  demo: { s: TestServer; t: Record<string, string> };
  world: PayinWorld;
  /** Bank account ids by nickname (the pay-in accounts). */
  banks: Record<string, string>;
  confirmations: () => Promise<{ confirm: Record<string, string> }>;
}

export const entryMoves = (ctx: PayinContext) => {
  const { demo, world, banks } = ctx;
  const payinOf = async (id: string) => (await demo.s.db.select().from(payins).where(eq(payins.id, id)))[0];
  const utrUseOf = async (utr: string) =>
    (await demo.s.db.execute<{ entity: string; entity_id: string }>(sql`SELECT * FROM utr_uses WHERE utr = ${utr}`))
      .rows[0];
  const entryOf = async (utr: string) =>
    (await demo.s.db.select().from(bankEntries).where(eq(bankEntries.utr, utr)))[0] as EntryRow | undefined;
  const expectStatus = async (id: string, status: PayinStatus) => expect((await payinOf(id)).status).toBe(status);
  const post = (path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    demo.s.call('POST', path, opts);

  /** What matching a UTR against this pay-in decides now (domain/payin-matching), read from the database. */
  const outcomeOf = async (row: PayinRow, utr: string) => {
    const entry = await entryOf(utr);
    const use = await utrUseOf(utr);
    const claims = await demo.s.db
      .select({ id: payins.id })
      .from(payins)
      .where(and(eq(payins.submittedUtr, utr), ne(payins.id, row.id), eq(payins.status, 'PENDING')));
    return matchUtr({
      payin: {
        id: row.id,
        bankAccountId: row.bankAccountId ?? '',
        amount: row.amount ?? 0,
        test: row.test,
        assignedAt: row.assignedAt,
      },
      // An entry an internal transfer consumed is used as surely as one a pay-in took.
      entry: entry
        ? {
            bankAccountId: entry.bankAccountId,
            amount: entry.amount,
            usedByPayinId: entry.payinId ?? entry.vendorSettlementId,
            recordedAt: entry.createdAt,
          }
        : null,
      claimedByOther: claims.length > 0,
      utrUsedBy: use?.entity_id ?? null,
    }).status;
  };

  /** The pay-in a new entry would pay: the one waiting on its UTR, else the open one of its amount code. */
  const matchOf = async (utr: string, code: string | null, bankAccountId: string, amount: number) => {
    // A UTR that paid or proved something already pays nothing more (a pay-in's gets it as its entry).
    if (await utrUseOf(utr)) return null;
    const [byUtr] = await demo.s.db
      .select()
      .from(payins)
      .where(and(eq(payins.submittedUtr, utr), eq(payins.status, 'PENDING'), eq(payins.test, false)))
      .orderBy(asc(payins.submittedAt))
      .limit(1);
    const [byCode] =
      byUtr || !code
        ? []
        : await demo.s.db
            .select()
            .from(payins)
            .where(
              and(
                eq(payins.shortCode, code.toUpperCase()),
                inArray(payins.status, ['ASSIGNED', 'PENDING']),
                eq(payins.test, false),
                sql`(${payins.submittedUtr} IS NULL OR ${payins.submittedUtr} = ${utr})`,
              ),
            );
    const row = byUtr ?? byCode;
    if (!row || row.bankAccountId === null || row.amount === null) return null;
    const { status } = matchUtr({
      payin: { id: row.id, bankAccountId: row.bankAccountId, amount: row.amount },
      entry: { bankAccountId, amount, usedByPayinId: null },
      claimedByOther: false,
    });
    return { payinId: row.id, status };
  };

  const prepareEntry = async (step: EntryStep, row: PayinRow, name: string): Promise<Prepared> => {
    const own = row.bankAccountId ?? banks['ALPHA-HDFC-01'];
    const others = Object.values(banks).filter((b) => b !== own);
    const bankAccountId = step.sameBank ? own : others[step.p % others.length];
    const asked = row.amount ?? 500_00;
    const amount = step.sameAmount ? asked : asked + 1_00;
    const utr =
      step.by === 'utr'
        ? (row.submittedUtr ?? utrOf(8))
        : step.by === 'repeat'
          ? (recent(world.entries, step.p) ?? utrOf(8))
          : utrOf(8);
    const amountCode = step.by === 'code' ? (step.p % 2 ? row.shortCode.toLowerCase() : row.shortCode) : undefined;
    const body = { bankAccountId, utr, amount: step.by === 'bad' ? 0.5 : rupees(amount), amountCode };
    const recorded = await entryOf(utr);
    const matched = await matchOf(utr, amountCode ?? null, bankAccountId, amount);
    const use = await utrUseOf(utr);
    const [late] =
      use?.entity === 'payins'
        ? await demo.s.db.select().from(payins).where(eq(payins.id, use.entity_id))
        : [undefined];
    const links = late !== undefined && late.bankAccountId === bankAccountId && late.bankEntryId === null;
    return {
      label: `${name} entry by ${step.by} ${JSON.stringify(body)} (expect ${JSON.stringify(matched)})`,
      allowed: step.by !== 'bad' && !recorded,
      send: async () => {
        const res = await post('/v1/bank-entries', { token: demo.t.operations, body });
        if (res.status === 201) world.entries.push(utr);
        return res;
      },
      after: async (data) => {
        expect(data.data.matched).toEqual(matched);
        if (matched) await expectStatus(matched.payinId, matched.status as PayinStatus);
        // The late credit of a pay-in staff confirmed on this UTR is that pay-in's, used.
        if (links) expect((await entryOf(utr))?.payinId).toBe(late.id);
        else if (use) expect((await entryOf(utr))?.payinId).toBeNull();
      },
    };
  };

  const prepareReset = async (step: ResetStep): Promise<Prepared> => {
    // A checker mostly looks at what waits for one, a paid pay-in's first (whose money goes back).
    const [asked] =
      step.as === 'transactions' && step.e % 4 !== 0
        ? await demo.s.db
            .select({ utr: bankEntries.utr })
            .from(bankEntries)
            .innerJoin(
              checkerRequests,
              and(eq(checkerRequests.entity, 'bank-entries'), eq(checkerRequests.entityId, bankEntries.id)),
            )
            .innerJoin(payins, eq(payins.id, bankEntries.payinId))
            .orderBy(sql`${payins.status} = 'SUCCESS' AND NOT ${payins.test} DESC`, desc(checkerRequests.askedAt))
            .limit(1)
            .offset(step.e % 2)
        : [];
    const [used] = asked
      ? [asked]
      : step.e % 4 === 0
        ? []
        : await demo.s.db
            .select({ utr: bankEntries.utr })
            .from(bankEntries)
            .where(isNotNull(bankEntries.payinId))
            .orderBy(desc(bankEntries.createdAt))
            .limit(8)
            .offset(step.e % 8);
    const target = used?.utr ?? recent(world.entries, step.e);
    const entry = target === undefined ? undefined : await entryOf(target);
    const id = entry?.id ?? '00000000-0000-4000-8000-000000000000';
    // A password typed costs a hash: asked only where the rules could let the call through.
    const typed = async (as: 'admin' | 'transactions' | 'operations') =>
      as === 'operations' || !entry?.payinId ? undefined : await confirm(demo.s, demo.t[as], 'bank-entry.reset');
    const both = step.as === 'both';
    const first = both ? 'admin' : (step.as as 'admin' | 'transactions' | 'operations');
    const headers = await typed(first);
    const checkerHeaders = both ? await typed('transactions') : undefined;
    // Four eyes: an ADMIN asks (202), TRANSACTIONS completes a waiting request; the maker never does.
    const [waiting] = entry
      ? await demo.s.db
          .select()
          .from(checkerRequests)
          .where(and(eq(checkerRequests.entity, 'bank-entries'), eq(checkerRequests.entityId, entry.id)))
      : [];
    const asks = first === 'admin' && !waiting;
    const checks = waiting !== undefined && first !== 'operations' && waiting.makerName !== first;
    // Taking a paid pay-in's money back is refused when the merchant's waiting pay-outs hold it,
    // and always when a chargeback took it back already.
    const [{ covered = true, charged = false } = {}] = entry?.payinId
      ? (
          await demo.s.db.execute<{ covered: boolean; charged: boolean }>(sql`SELECT p.status <> 'SUCCESS' OR p.test
            OR -a.balance - a.held >= p.confirmed_amount - p.fee AS covered,
            EXISTS (SELECT 1 FROM liens l WHERE l.payin_id = p.id) AS charged
          FROM payins p JOIN ledger_accounts a ON a.key = 'merchant:' || p.merchant_id WHERE p.id = ${entry.payinId}`)
        ).rows
      : [];
    return {
      label: `reset entry ${entry?.utr ?? 'none'} (used by ${entry?.payinId?.slice(0, 8) ?? entry?.vendorSettlementId?.slice(0, 8) ?? 'none'}${charged ? ', charged back' : ''}${waiting ? `, asked by ${waiting.makerName}` : ''}) as ${step.as}`,
      allowed: (asks || checks) && Boolean(entry?.payinId) && covered && !charged,
      send: async () => {
        const asked = await post(`/v1/bank-entries/${id}/reset`, { token: demo.t[first], headers });
        if (!both || asked.status !== 202) return asked;
        return post(`/v1/bank-entries/${id}/reset`, { token: demo.t.transactions, headers: checkerHeaders });
      },
      after: async (data) => {
        if (asks && !both) {
          expect(data.data).toMatchObject({ used: true, awaitingChecker: 'admin' });
          return;
        }
        expect(data.data).toMatchObject({ used: false, payinId: null });
        await expectStatus(entry!.payinId!, 'PENDING');
      },
    };
  };

  return { payinOf, entryOf, expectStatus, post, outcomeOf, prepareEntry, prepareReset };
};
