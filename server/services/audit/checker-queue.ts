import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import {
  bankAccounts,
  bankEntries,
  checkerRequests,
  payins,
  payouts,
  settlements,
  vendorSettlements,
} from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { paiseToRupees } from '../../../domain/money';
import { FOUR_EYES, type CheckedAction, type CheckedEntity } from '../../../domain/four-eyes';
import { checkableActions, mayCheck } from '../../../domain/checker-queue';
import type { Role } from '../../../domain/roles';
import type { SessionUser } from '../common/session-user';
import { audit, type Actor } from './audit';

/** Who is paid: a bank account or a UPI id (pay-outs), a settlement's account or wallet. */
export interface Beneficiary {
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  bankName: string | null;
  upiId: string | null;
}

/** What the checker reads about the record: enough to decide without opening it. */
export interface QueuedRecord {
  name: string;
  status: string;
  amount: number;
  party: string | null;
  beneficiary: Beneficiary | null;
}

/** A maker's request in the checker's queue, with the maker's entries as they will be repeated. */
export interface QueuedRequest {
  id: string;
  entity: CheckedEntity;
  entityId: string;
  action: CheckedAction;
  maker: string;
  makerRole: Role;
  askedAt: string;
  mine: boolean;
  entries: {
    method: string | null;
    utr: string | null;
    bankAccountId: string | null;
    payingBank: string | null;
    confirmedAmount: number | null;
    reference: string | null;
    reason: string | null;
  };
  record: QueuedRecord | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const noBeneficiary = null;

type Summaries = Map<string, QueuedRecord>;
const keyed = <T extends { id: string }>(rows: T[], view: (r: T) => QueuedRecord): Summaries =>
  new Map(rows.map((r) => [r.id, view(r)]));

/** Each record kind read once for all its waiting requests. */
const SUMMARIES: Record<CheckedEntity, (db: DbOrTx, ids: string[]) => Promise<Summaries>> = {
  payouts: async (db, ids) =>
    keyed(await db.select().from(payouts).where(inArray(payouts.id, ids)), (p) => ({
      name: p.merchantOrderId,
      status: p.status,
      amount: paiseToRupees(p.amount),
      party: p.vendorCode ? `${p.merchantCode} · ${p.vendorCode}` : p.merchantCode,
      beneficiary: {
        accountHolder: p.accountHolder,
        accountNumber: p.accountNumber,
        ifsc: p.ifsc,
        bankName: p.bankName,
        upiId: p.upiId,
      },
    })),
  payins: async (db, ids) =>
    keyed(await db.select().from(payins).where(inArray(payins.id, ids)), (p) => ({
      name: p.shortCode,
      status: p.status,
      amount: paiseToRupees(p.confirmedAmount ?? p.amount ?? 0),
      party: p.merchantCode,
      beneficiary: noBeneficiary,
    })),
  settlements: async (db, ids) =>
    keyed(await db.select().from(settlements).where(inArray(settlements.id, ids)), (s) => ({
      name: s.id.slice(0, 8),
      status: s.status,
      amount: paiseToRupees(s.amount),
      party: s.merchantCode,
      beneficiary: settlementBeneficiary(s),
    })),
  'vendor-settlements': async (db, ids) =>
    keyed(await db.select().from(vendorSettlements).where(inArray(vendorSettlements.id, ids)), (s) => ({
      name: s.id.slice(0, 8),
      status: s.status,
      amount: paiseToRupees(s.amount),
      party: s.vendorCode,
      beneficiary: settlementBeneficiary(s),
    })),
  'bank-entries': async (db, ids) =>
    keyed(
      await db
        .select({ id: bankEntries.id, utr: bankEntries.utr, amount: bankEntries.amount, bank: bankAccounts.nickname })
        .from(bankEntries)
        .leftJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
        .where(inArray(bankEntries.id, ids)),
      (e) => ({ name: e.utr, status: 'USED', amount: paiseToRupees(e.amount), party: e.bank, beneficiary: null }),
    ),
};

const settlementBeneficiary = (s: {
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  walletAddress: string | null;
}): Beneficiary => ({
  accountHolder: s.accountHolder,
  accountNumber: s.accountNumber,
  ifsc: s.ifsc,
  bankName: null,
  upiId: s.walletAddress,
});

export interface QueueFilters {
  /** others (the default): waiting for me; mine: what I asked; all: both. */
  scope?: 'others' | 'mine' | 'all';
  entity?: CheckedEntity;
  entityId?: string;
}

/** The requests this user may check (or made), newest first, each with its record and the paying bank. */
export const listQueue = async (db: Db, user: SessionUser, f: QueueFilters = {}): Promise<QueuedRequest[]> => {
  const actions = checkableActions(user.role);
  if (actions.length === 0) return [];
  const scope = f.scope ?? 'others';
  const rows = await db
    .select({ r: checkerRequests, payingBank: sql<string | null>`${bankAccounts.nickname}` })
    .from(checkerRequests)
    .leftJoin(bankAccounts, sql`${bankAccounts.id}::text = ${checkerRequests.details}->>'bankAccountId'`)
    .where(
      and(
        inArray(checkerRequests.action, actions),
        scope === 'others' ? ne(checkerRequests.makerId, user.id) : undefined,
        scope === 'mine' ? eq(checkerRequests.makerId, user.id) : undefined,
        f.entity ? eq(checkerRequests.entity, f.entity) : undefined,
        f.entityId ? eq(checkerRequests.entityId, f.entityId) : undefined,
      ),
    )
    .orderBy(desc(checkerRequests.askedAt))
    .limit(500);
  const byEntity = new Map<CheckedEntity, string[]>();
  for (const { r } of rows)
    byEntity.set(r.entity as CheckedEntity, [...(byEntity.get(r.entity as CheckedEntity) ?? []), r.entityId]);
  const summaries = new Map<string, QueuedRecord>();
  for (const [entity, ids] of byEntity)
    for (const [id, record] of await SUMMARIES[entity](db, ids)) summaries.set(`${entity}/${id}`, record);
  return rows.map(({ r, payingBank }) => {
    const d = r.details;
    return {
      id: `${r.entity}/${r.entityId}`,
      entity: r.entity as CheckedEntity,
      entityId: r.entityId,
      action: r.action,
      maker: r.makerName,
      makerRole: r.makerRole,
      askedAt: r.askedAt.toISOString(),
      mine: r.makerId === user.id,
      entries: {
        method: text(d.method),
        utr: text(d.utr),
        bankAccountId: text(d.bankAccountId),
        payingBank,
        confirmedAmount: typeof d.confirmedAmount === 'number' ? d.confirmedAmount : null,
        reference: text(d.reference),
        reason: text(d.reason),
      },
      record: summaries.get(`${r.entity}/${r.entityId}`) ?? null,
    };
  });
};

export interface QueueItem {
  entity: CheckedEntity;
  entityId: string;
}

/**
 * A checker turns makers' requests down, with one remark for all: each request ends (the record
 * is unchanged, its maker may ask again) and is audited with the remark. All or none: one request
 * gone or not the user's to check refuses the lot.
 */
export const declineRequests = async (db: Db, user: SessionUser, items: QueueItem[], remark: string, actor: Actor) => {
  const why = remark.trim();
  if (why.length < 3) throw badRequest('Write a remark for the maker: why the request is turned down.', 'remark');
  return db.transaction(async (tx) => {
    const declined: QueuedRequest['id'][] = [];
    for (const item of items) {
      const [request] = await tx
        .delete(checkerRequests)
        .where(and(eq(checkerRequests.entity, item.entity), eq(checkerRequests.entityId, item.entityId)))
        .returning();
      if (!request)
        throw new AppError(
          409,
          'NOT_WAITING',
          'One of these requests no longer waits for a checker: refresh the list and choose again. Nothing was declined.',
        );
      if (!mayCheck(user.role, request.action))
        throw new AppError(403, 'FORBIDDEN', 'Your role may not check one of these requests. Nothing was declined.');
      await audit(tx, actor, {
        action: 'decline-approval',
        entity: FOUR_EYES[request.action].entity,
        entityId: request.entityId,
        after: { action: request.action, maker: request.makerName, makerId: request.makerId, remark: why },
      });
      declined.push(`${item.entity}/${item.entityId}`);
    }
    return declined;
  });
};
