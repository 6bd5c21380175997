import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { providerEvents } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { PROVIDER_LABEL, type Provider, type ProviderEventOutcome } from '../../../domain/providers';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { SYSTEM, type PayinActor } from '../payins/payin-steps';
import { providerSettings, type ProviderEnv, type ProviderSettings } from './provider-config';
import { verifyCashfree, verifyPayu, verifyRazorpay, type RawHeaders, type Verdict } from './provider-signatures';
import { applyInSavepoint, type Applied } from './provider-webhooks';
import { readEvent } from './provider-event-reading';
import { presentDetail } from './provider-events-list';

/**
 * The event log (issue 14, item 5): every webhook sent to /v1/webhooks/{provider} is kept with
 * what came of it; a verified event id is applied at most once, and one that failed to apply may
 * be replayed by ADMIN.
 */
type Row = typeof providerEvents.$inferSelect;

/** The request headers worth keeping: what the signature and the event id came in. */
const KEPT_HEADERS = [
  'content-type',
  'x-razorpay-signature',
  'x-razorpay-event-id',
  'x-webhook-signature',
  'x-webhook-timestamp',
  'x-webhook-version',
  'x-webhook-attempt',
  'x-idempotency-key',
];

/** PostgreSQL text holds no NUL character. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

const keptHeaders = (headers: RawHeaders): Record<string, string> =>
  Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => {
      const value = headers[name];
      const joined = Array.isArray(value) ? value.join(', ') : value;
      return joined === undefined ? [] : [[name, storable(joined.slice(0, 500))]];
    }),
  );

/** Of a webhook that does not verify, only this much of the body is kept (with its hash and length). */
export const UNVERIFIED_BODY_BYTES = 1024;

/**
 * The first `maxBytes` of a body as storable text: a character cut in two is left out, and a byte
 * that is not UTF-8 (or a NUL), read as U+FFFD's three bytes, does not take the text past the budget.
 */
export const textPrefix = (raw: Buffer, maxBytes: number): string => {
  const text = storable(new TextDecoder().decode(raw.subarray(0, maxBytes), { stream: true }));
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
};

/**
 * What is kept of a webhook nobody can vouch for (anyone may post one, up to 64 kB): enough to
 * recognise it, not a store for strangers' bytes. The hash and length ride in the kept headers.
 */
const unverifiedKept = (raw: Buffer) => ({
  body: textPrefix(raw, UNVERIFIED_BODY_BYTES),
  digest: { 'body-sha256': createHash('sha256').update(raw).digest('hex'), 'body-bytes': String(raw.length) },
});

const verify = (provider: Provider, s: ProviderSettings, raw: Buffer, headers: RawHeaders): Verdict => {
  const secret = provider === 'razorpay' ? s.webhookSecret : s.keySecret;
  if (!s.configured || !secret)
    return { ok: false, reason: `${PROVIDER_LABEL[provider]} is not configured: its webhooks cannot be verified.` };
  if (provider === 'razorpay') return verifyRazorpay(raw, headers, secret);
  if (provider === 'cashfree') return verifyCashfree(raw, headers, secret);
  return verifyPayu(raw, secret, s.keyId!);
};

export interface Received {
  verified: boolean;
  outcome: ProviderEventOutcome;
  /** Why it was rejected. */
  reason: string | null;
}

/**
 * One webhook: verified over its raw bytes before anything reads it, then recorded and applied in
 * one transaction. The event's row goes in first: a second delivery of the same event id waits
 * for the first one's commit and then finds it there (a duplicate), so it is applied once.
 */
export const receiveWebhook = async (
  db: Db,
  env: ProviderEnv,
  provider: Provider,
  raw: Buffer,
  headers: RawHeaders,
  /** Counts a webhook that did not verify under its own lower limit: throws (429) to keep nothing. */
  admitUnverified: () => Promise<void> = async () => undefined,
): Promise<Received> => {
  const verdict = verify(provider, await providerSettings(db, env, provider), raw, headers);
  const body = storable(raw.toString('utf8'));
  const kept = { provider, headers: keptHeaders(headers), body };
  if (!verdict.ok) {
    await admitUnverified();
    // Read only to label the log's row: nothing an unverified body says is acted on.
    const claimed = readEvent(provider, body, headers);
    const part = unverifiedKept(raw);
    await db.insert(providerEvents).values({
      provider,
      headers: { ...kept.headers, ...part.digest },
      body: part.body,
      verified: false,
      outcome: 'rejected',
      detail: verdict.reason,
      eventId: claimed.ok ? claimed.event.eventId : null,
      eventType: claimed.ok ? claimed.event.eventType : (claimed.eventType ?? null),
      paymentId: claimed.ok ? claimed.event.paymentId : null,
    });
    return { verified: false, outcome: 'rejected', reason: verdict.reason };
  }
  const reading = readEvent(provider, body, headers);
  if (!reading.ok) {
    await db.insert(providerEvents).values({
      ...kept,
      verified: true,
      outcome: 'failed',
      detail: reading.reason,
      eventType: reading.eventType ?? null,
    });
    return { verified: true, outcome: 'failed', reason: null };
  }
  const { event } = reading;
  const outcome = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(providerEvents)
      .values({
        ...kept,
        verified: true,
        outcome: 'failed',
        eventId: event.eventId,
        eventType: event.eventType,
        paymentId: event.paymentId,
      })
      .onConflictDoNothing({
        target: [providerEvents.provider, providerEvents.eventId],
        where: sql`${providerEvents.verified} AND ${providerEvents.eventId} IS NOT NULL`,
      })
      .returning({ id: providerEvents.id });
    if (!inserted) return 'duplicate' as const;
    const applied = await applyInSavepoint(tx, provider, event, SYSTEM);
    await tx.update(providerEvents).set(resultOf(applied)).where(eq(providerEvents.id, inserted.id));
    return applied.outcome;
  });
  if (outcome === 'duplicate')
    // Its own row, without the event id (which the first delivery's row holds, once).
    await db.insert(providerEvents).values({
      ...kept,
      verified: true,
      outcome: 'duplicate',
      eventType: event.eventType,
      paymentId: event.paymentId,
      detail: `Event ${event.eventId} was received before: nothing done.`,
    });
  return { verified: true, outcome, reason: null };
};

const resultOf = (applied: Applied) => ({
  outcome: applied.outcome,
  detail: applied.detail,
  payinId: applied.payinId,
  appliedAt: applied.outcome === 'applied' ? (sql`now()` as never) : null,
});

/**
 * ADMIN applies a verified event that failed (its pay-in unknown then) again, from its stored
 * body; the attempt is counted and audited whatever it gives.
 */
export const replayEvent = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(providerEvents).where(eq(providerEvents.id, id)).for('update');
    if (!row) throw notFound('Provider event');
    if (!row.verified)
      throw conflict('This event was rejected (not verified): it cannot be replayed.', 'NOT_REPLAYABLE');
    if (row.outcome !== 'failed')
      throw conflict(
        `Only an event that failed to apply can be replayed; this one was ${row.outcome}.`,
        'NOT_REPLAYABLE',
      );
    const actor: PayinActor = { ...user, ip, kind: 'user' };
    const reading = readEvent(row.provider, row.body, row.headers);
    const applied: Applied = reading.ok
      ? await applyInSavepoint(tx, row.provider, reading.event, actor)
      : { outcome: 'failed', detail: reading.reason, payinId: null };
    const [after] = await tx
      .update(providerEvents)
      .set({ ...resultOf(applied), attempts: sql`${providerEvents.attempts} + 1` })
      .where(eq(providerEvents.id, id))
      .returning();
    const audited = (r: Row) => ({ outcome: r.outcome, detail: r.detail, payinId: r.payinId, attempts: r.attempts });
    await audit(tx, actor, {
      action: 'replay',
      entity: 'provider-events',
      entityId: id,
      before: audited(row),
      after: audited(after),
    });
    return presentDetail(after);
  });
