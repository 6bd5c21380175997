import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { bankEntries, liens, payins, payouts, settlements } from '../../db/schema';
import { canUseResource, screenOf, type ApiResource } from '../../../domain/access';
import { paiseToRupees } from '../../../domain/money';
import type { SessionUser } from '../common/session-user';
import { dataScope, scopeWhere, type DataScope } from '../common/scope';
import { payinVisible } from '../payins/payin-filters';
import { payoutVisible } from '../payouts/payout-filters';
import { entryVisible } from '../bank-entries/bank-entries-list';

/** One record a search found, as the top bar lists it: what it is, its name, and where it opens. */
export interface Found {
  kind: 'payins' | 'payouts' | 'bank-entries' | 'settlements' | 'liens';
  id: string;
  title: string;
  subtitle: string;
  status: string | null;
  amount: number;
  /** What matched: utr, order id, code, customer, id. */
  matched: string;
  path: string;
}

const PER_KIND = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Merchants' records by merchant code; a vendor sees none of these (common/scope). */
const merchantScope = (scope: DataScope, column: AnyPgColumn) =>
  scopeWhere(scope, { merchantCodes: (codes) => inArray(column, codes) });

/** The first of the fields that equals the text: what the result says matched. */
const matchedOf = (text: string, fields: [string, string | null | undefined][]) =>
  fields.find(([, v]) => v !== null && v !== undefined && v.toUpperCase() === text.toUpperCase())?.[0] ?? 'id';

const pathOf = (resource: ApiResource, id: string, show = true) =>
  `/app/${screenOf(resource)}${show ? `/${id}/show` : ''}`;

/**
 * Global search (issue 31, item 8): one text, exact matches on indexed fields across deposits,
 * withdrawals, bank entries, settlements and chargebacks, each within the caller's scope and only
 * for the records its role may open. A few of each kind, newest first.
 */
export const search = async (db: Db, user: SessionUser, q: string): Promise<Found[]> => {
  const text = q.trim();
  const compact = text.replace(/\s+/g, '');
  const upper = compact.toUpperCase();
  const isId = UUID.test(compact);
  const scope = await dataScope(db, user);
  const may = (r: ApiResource) => canUseResource(user.role, r);
  const found: Promise<Found[]>[] = [];

  if (may('payins'))
    found.push(
      db
        .select()
        .from(payins)
        .where(
          and(
            payinVisible(scope),
            or(
              eq(payins.utr, compact),
              eq(payins.submittedUtr, compact),
              eq(payins.merchantOrderId, text),
              eq(payins.shortCode, upper),
              eq(payins.customerId, text),
              isId ? eq(payins.id, compact) : undefined,
            ),
          ),
        )
        .orderBy(desc(payins.createdAt))
        .limit(PER_KIND)
        .then((rows) =>
          rows.map((p) => ({
            kind: 'payins' as const,
            id: p.id,
            title: `${p.shortCode} · ${p.merchantOrderId}`,
            subtitle: p.merchantCode,
            status: p.status,
            amount: paiseToRupees(p.confirmedAmount ?? p.amount ?? 0),
            matched: matchedOf(compact, [
              ['utr', p.utr],
              ['utr', p.submittedUtr],
              ['code', p.shortCode],
              ['order', p.merchantOrderId],
              ['customer', p.customerId],
            ]),
            path: `/app/deposit/all/${p.id}/show`,
          })),
        ),
    );
  if (may('payouts'))
    found.push(
      db
        .select()
        .from(payouts)
        .where(
          and(
            payoutVisible(scope),
            or(
              eq(payouts.utr, compact),
              eq(payouts.merchantOrderId, text),
              eq(payouts.accountNumber, compact),
              isId ? eq(payouts.id, compact) : undefined,
            ),
          ),
        )
        .orderBy(desc(payouts.createdAt))
        .limit(PER_KIND)
        .then((rows) =>
          rows.map((p) => ({
            kind: 'payouts' as const,
            id: p.id,
            title: scope.kind === 'vendor' ? p.id.slice(0, 8) : p.merchantOrderId,
            subtitle: [scope.kind === 'vendor' ? null : p.merchantCode, p.accountHolder].filter(Boolean).join(' · '),
            status: p.status,
            amount: paiseToRupees(p.amount),
            matched: matchedOf(compact, [
              ['utr', p.utr],
              ['order', p.merchantOrderId],
              ['account', p.accountNumber],
            ]),
            path: `/app/withdrawal/all/${p.id}/show`,
          })),
        ),
    );
  if (may('bank-entries'))
    found.push(
      db
        .select()
        .from(bankEntries)
        .where(and(entryVisible(scope), eq(bankEntries.utr, compact)))
        .limit(PER_KIND)
        .then((rows) =>
          rows.map((e) => ({
            kind: 'bank-entries' as const,
            id: e.id,
            title: e.utr,
            subtitle: e.payinId || e.vendorSettlementId ? 'Used' : 'Un-Used',
            status: null,
            amount: paiseToRupees(e.amount),
            matched: 'utr',
            path: `/app/add-data?filter=${encodeURIComponent(JSON.stringify({ utr: e.utr }))}`,
          })),
        ),
    );
  if (may('settlements') && isId)
    found.push(
      db
        .select()
        .from(settlements)
        .where(and(merchantScope(scope, settlements.merchantCode), eq(settlements.id, compact)))
        .then((rows) =>
          rows.map((s) => ({
            kind: 'settlements' as const,
            id: s.id,
            title: s.id.slice(0, 8),
            subtitle: s.merchantCode,
            status: s.status,
            amount: paiseToRupees(s.amount),
            matched: 'id',
            path: pathOf('settlements', s.id),
          })),
        ),
    );
  if (may('liens'))
    found.push(
      db
        .select()
        .from(liens)
        .where(
          and(
            merchantScope(scope, liens.merchantCode),
            or(eq(liens.merchantOrderId, text), eq(liens.customerId, text), isId ? eq(liens.id, compact) : undefined),
          ),
        )
        .orderBy(desc(liens.createdAt))
        .limit(PER_KIND)
        .then((rows) =>
          rows.map((l) => ({
            kind: 'liens' as const,
            id: l.id,
            title: l.merchantOrderId,
            subtitle: l.merchantCode,
            status: null,
            amount: paiseToRupees(l.amount),
            matched: matchedOf(text, [
              ['order', l.merchantOrderId],
              ['customer', l.customerId],
            ]),
            path: pathOf('liens', l.id, false),
          })),
        ),
    );
  return (await Promise.all(found)).flat();
};
