import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../server/services/common/session-user';
import { createSettlementAnswered } from '../../server/services/settlements/settlements-list';
import { createVendorSettlementAnswered } from '../../server/services/settlements/vendor-settlements-list';
import { demoServerPerFile } from '../support/server';
import { lostAfterCommit } from '../support/lost-after-commit';
import { payoutKit } from '../support/payouts';

/**
 * A creation's answer is read in its own transaction: once a settlement has committed, its creator
 * hears so even when the database is lost right after the commit. A 503 for a settlement that
 * exists would be retried, and the money asked for twice.
 */
const demo = demoServerPerFile();
const { fund } = payoutKit(demo);

const staff = async (userName: string, role: SessionUser['role']): Promise<SessionUser> => {
  const { rows } = await demo.s.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE user_name = ${userName}`);
  return { id: rows[0].id, userName, role, merchantCodes: [], vendorCode: null, sessionId: '' };
};

describe('a creation answered in its transaction', () => {
  it('answers a committed settlement with its view when the database is lost right after', async () => {
    await fund('CRISP', 1_000);
    const user = await staff('admin', 'ADMIN');
    const created = await createSettlementAnswered(lostAfterCommit(demo.s.db), user, {
      merchantCode: 'CRISP',
      amount: 100,
      method: 'CASH',
    });
    expect(created).toMatchObject({ merchantCode: 'CRISP', amount: 100, status: 'INITIATED' });
    const { rows } = await demo.s.db.execute(sql`SELECT status FROM settlements WHERE id = ${created.id}`);
    expect(rows).toEqual([{ status: 'INITIATED' }]);
  });

  it('answers a committed vendor settlement with its view when the database is lost right after', async () => {
    const user = await staff('admin', 'ADMIN');
    const created = await createVendorSettlementAnswered(lostAfterCommit(demo.s.db), user, {
      vendorCode: 'VEN-ALPHA',
      amount: 500,
      method: 'CASH',
    });
    expect(created).toMatchObject({ vendorCode: 'VEN-ALPHA', amount: 500, status: 'INITIATED' });
    const { rows } = await demo.s.db.execute(sql`SELECT status FROM vendor_settlements WHERE id = ${created.id}`);
    expect(rows).toEqual([{ status: 'INITIATED' }]);
  });
});
