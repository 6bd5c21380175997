import { performance } from 'node:perf_hooks';
import type { Role } from '../../../domain/roles';

/** The database announces here every change that can end a session or change its user (migration 0013). */
export const SESSION_CHANNEL = 'pgc_sessions';

/** What the session check reads of a session and its user. */
export interface SessionRow {
  revokedAt: Date | null;
  revokedReason: string | null;
  expiresAt: Date;
  /** Seconds since the session's last authenticated request, by the database's clock. */
  seenSecondsAgo: number;
  mustChangePassword: boolean;
  enabled: boolean;
  role: Role;
  userName: string;
  merchantCodes: string[];
  vendorCode: string | null;
}

interface Entry {
  userId: string;
  row: SessionRow;
  /** performance.now() of the session's last authenticated request as far as this server knows. */
  seenAt: number;
  /** performance.now() when read from the database: an entry is read again after MAX_AGE_MS. */
  readAt: number;
}

/** Entries are read again after this long, announced or not. */
const MAX_AGE_MS = 60_000;
/** More sessions than this are not kept: the oldest goes first. */
const MAX_ENTRIES = 20_000;

/**
 * The sessions this server checked lately, so that a signed-in request needs no query for its
 * session (issue 15, item 2). Correct because nothing can end a session unheard:
 *   - every change to a session or a user (revoked, expired, disabled, role or codes changed, its
 *     password reset) is announced by the database itself on SESSION_CHANNEL once committed, and
 *     each server drops what it heard of (services/events/listener.ts; a few milliseconds);
 *   - while that connection is down, or before it listens, nothing is served from memory, and it
 *     forgets everything when it listens again (what was announced meanwhile was missed);
 *   - this server's own changes are dropped before its answer leaves (`forgetAll` after a write),
 *     so the next request never races the announcement;
 *   - a check that read the database while a change was announced does not keep what it read
 *     (the generation it started under has passed).
 * Idleness is counted here from the database's last-seen time; the write of lastSeenAt stays as
 * rare as before (services/identity/auth.ts).
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private listening = false;
  private generation = 0;

  /** The session if known and not older than MAX_AGE_MS; undefined sends the check to the database. */
  get(sessionId: string, userId: string): { row: SessionRow; seenSecondsAgo: number } | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry || entry.userId !== userId) return undefined;
    const now = performance.now();
    if (now - entry.readAt > MAX_AGE_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return { row: entry.row, seenSecondsAgo: (now - entry.seenAt) / 1000 };
  }

  /** Where a database check starts: what it read is kept only if nothing was announced since. */
  mark(): number {
    return this.generation;
  }

  /** Keeps an active session read from the database under `generation` (from mark()). */
  keep(generation: number, sessionId: string, userId: string, row: SessionRow) {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const now = performance.now();
    this.entries.set(sessionId, { userId, row, seenAt: now - row.seenSecondsAgo * 1000, readAt: now });
  }

  /** The session's request was just recorded as its last-seen time. */
  seen(sessionId: string) {
    const entry = this.entries.get(sessionId);
    if (entry) entry.seenAt = performance.now();
  }

  forget(sessionId: string) {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  forgetAll() {
    this.generation += 1;
    this.entries.clear();
  }

  /** An announcement: `s:<session id>` or `u:<user id>` (every session of that user). */
  hear(payload: string) {
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') return this.forget(id);
    this.generation += 1;
    if (kind !== 'u:') return this.entries.clear();
    for (const [sessionId, entry] of this.entries) if (entry.userId === id) this.entries.delete(sessionId);
  }

  /** The listener listens (again): start from nothing. */
  ready() {
    this.forgetAll();
    this.listening = true;
  }

  /** The listener is down: nothing from memory until it is back. */
  lost() {
    this.listening = false;
    this.forgetAll();
  }
}
