import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import type { SessionUser } from '../../server/services/common/session-user';
import { createSettlementAnswered, settlementMovesAnswered } from '../../server/services/settlements/settlements-list';
import {
  createVendorSettlementAnswered,
  vendorSettlementMovesAnswered,
} from '../../server/services/settlements/vendor-settlements-list';
import { createLienAnswered } from '../../server/services/liens/liens-list';
import { demoServerPerFile } from '../support/server';
import { lostAfterCommit } from '../support/lost-after-commit';
import { payoutKit } from '../support/payouts';

/**
 * A creation's or a settlement move's answer is read in its own transaction: once a settlement has
 * committed, its creator or approver hears so even when the database is lost right after the commit.
 * A 503 for a settlement or a chargeback that exists, or for a payment made, would be retried, and
 * the money asked for or paid twice.
 */
const demo = demoServerPerFile();
const { fund, fundEntry } = payoutKit(demo);

const staff = async (userName: string, role: SessionUser['role']): Promise<SessionUser> => {
  const { rows } = await demo.s.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE user_name = ${userName}`);
  return { id: rows[0].id, userName, role, merchantCodes: [], vendorCode: null, sessionId: '' };
};

const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);

/** Each creation: what it is called, how it is made on a database, its table, and what it answers. */
const CREATIONS = [
  {
    what: 'settlement',
    table: sql`settlements`,
    create: async (db: Db, user: SessionUser) => {
      await fund('CRISP', 1_000);
      return createSettlementAnswered(db, user, { merchantCode: 'CRISP', amount: 100, method: 'CASH' });
    },
    shows: { merchantCode: 'CRISP', amount: 100, status: 'INITIATED' },
  },
  {
    what: 'vendor settlement',
    table: sql`vendor_settlements`,
    create: (db: Db, user: SessionUser) =>
      createVendorSettlementAnswered(db, user, { vendorCode: 'VEN-ALPHA', amount: 500, method: 'CASH' }),
    shows: { vendorCode: 'VEN-ALPHA', amount: 500, status: 'INITIATED' },
  },
  {
    what: 'chargeback',
    table: sql`liens`,
    create: async (db: Db, user: SessionUser) => {
      const paid = await fundEntry('CRISP', 1_000);
      const { rows } = await demo.s.db.execute<{ order: string; customer: string }>(
        sql`SELECT merchant_order_id AS order, customer_id AS customer FROM payins WHERE id = ${paid.payinId}`,
      );
      const { order, customer } = rows[0];
      const reason = 'Customer disputed the debit with the bank';
      const input = {
        merchantCode: 'CRISP',
        merchantOrderId: order,
        customerId: customer,
        amount: 100,
        receivedAt: today,
        reason,
      };
      return createLienAnswered(db, user, input);
    },
    shows: { merchantCode: 'CRISP', amount: 100 },
  },
];

describe('a creation answered in its transaction', () => {
  it.each(CREATIONS)(
    'answers a committed $what with its view when the database is lost right after',
    async ({ table, create, shows }) => {
      const created = await create(lostAfterCommit(demo.s.db), await staff('admin', 'ADMIN'));
      expect(created).toMatchObject(shows);
      const { rows } = await demo.s.db.execute(sql`SELECT count(*)::int AS n FROM ${table} WHERE id = ${created.id}`);
      expect(rows).toEqual([{ n: 1 }]);
    },
  );
});

/**
 * Each kind of settlement, made as its creation above (by another staff user than the admin who
 * then moves it, on the working database) and moved with its answered moves.
 */
const KINDS = [
  { ...CREATIONS[0], moves: settlementMovesAnswered },
  { ...CREATIONS[1], moves: vendorSettlementMovesAnswered },
].map((kind) => ({
  ...kind,
  made: async () => (await kind.create(demo.s.db, await staff('operations', 'OPERATIONS'))).id,
}));

/** No checker needed: one approval pays. */
const ONE_PERSON = { checkerThresholdPaise: Number.MAX_SAFE_INTEGER };

describe('a settlement move answered in its transaction', () => {
  const statusOf = async (table: ReturnType<typeof sql>, id: string) => {
    const { rows } = await demo.s.db.execute<{ status: string }>(sql`SELECT status FROM ${table} WHERE id = ${id}`);
    return rows[0].status;
  };

  it.each(KINDS)('answers a $what paid with its view when the database is lost right after', async (kind) => {
    const id = await kind.made();
    const admin = await staff('admin', 'ADMIN');
    const paid = await kind.moves.approve(lostAfterCommit(demo.s.db), admin, id, { reference: 'CASH-1' }, ONE_PERSON);
    expect(paid).toMatchObject({ row: { id, status: 'SUCCESS' }, awaitingChecker: null });
    expect(await statusOf(kind.table, id)).toBe('SUCCESS');
  });

  it.each(KINDS)('answers a $what rejected with its view when the database is lost right after', async (kind) => {
    const id = await kind.made();
    const admin = await staff('admin', 'ADMIN');
    const rejected = await kind.moves.reject(lostAfterCommit(demo.s.db), admin, id, { reason: 'Not asked for' });
    expect(rejected).toMatchObject({ id, status: 'REJECTED' });
    expect(await statusOf(kind.table, id)).toBe('REJECTED');
  });

  it.each(KINDS)('answers a $what reset with its view when the database is lost right after', async (kind) => {
    const id = await kind.made();
    const admin = await staff('admin', 'ADMIN');
    await kind.moves.approve(demo.s.db, admin, id, { reference: 'CASH-2' }, ONE_PERSON);
    const reset = await kind.moves.reset(lostAfterCommit(demo.s.db), admin, id);
    expect(reset).toMatchObject({ id, status: 'INITIATED' });
    expect(await statusOf(kind.table, id)).toBe('INITIATED');
  });
});
