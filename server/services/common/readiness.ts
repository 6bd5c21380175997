import { sql } from 'drizzle-orm';
import type { Db } from '../../db';

/**
 * Whether a load balancer should send this server new work (GET /v1/health/ready): not while it
 * starts (migrations, the demo's seed), not once it drains before stopping (serve.ts), and not
 * while its database does not answer.
 */
export type Phase = 'starting' | 'serving' | 'draining';

export interface Readiness {
  phase: () => Phase;
  /** Started: ready from now on while the database answers. */
  serve: () => void;
  /** Stopping: never ready again. */
  drain: () => void;
}

export const readiness = (initial: Phase = 'serving'): Readiness => {
  let phase = initial;
  return {
    phase: () => phase,
    serve: () => {
      if (phase === 'starting') phase = 'serving';
    },
    drain: () => {
      phase = 'draining';
    },
  };
};

export type DatabaseState = 'ok' | 'unreachable' | 'not checked';

export interface ReadyAnswer {
  ready: boolean;
  status: 'ready' | 'starting' | 'draining' | 'unavailable';
  database: DatabaseState;
}

/** The probe's answer: a server that is starting or draining is not asked about its database. */
export const readyAnswer = (phase: Phase, database: DatabaseState = 'not checked'): ReadyAnswer => {
  if (phase !== 'serving') return { ready: false, status: phase, database: 'not checked' };
  return database === 'ok'
    ? { ready: true, status: 'ready', database }
    : { ready: false, status: 'unavailable', database: 'unreachable' };
};

export interface DatabaseCheckOptions {
  /** A database slower than this to answer `select 1` is as good as unreachable to a probe. */
  timeoutMs?: number;
  /** An answer this recent is given again: probes in a burst cost one statement. */
  maxAgeMs?: number;
  now?: () => number;
}

/** `select 1` with a short time-out; one at a time, its answer reused for a moment. */
export const databaseCheck = (
  db: Db,
  { timeoutMs = 2_000, maxAgeMs = 1_000, now = Date.now }: DatabaseCheckOptions = {},
) => {
  let last: { at: number; state: DatabaseState } | undefined;
  let pending: Promise<DatabaseState> | undefined;
  const run = async (): Promise<DatabaseState> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DatabaseState>((resolve) => {
      timer = setTimeout(() => resolve('unreachable'), timeoutMs);
    });
    const asked = db.execute(sql`select 1`).then(
      (): DatabaseState => 'ok',
      (): DatabaseState => 'unreachable',
    );
    const state = await Promise.race([asked, late]);
    clearTimeout(timer);
    last = { at: now(), state };
    return state;
  };
  return (): Promise<DatabaseState> => {
    if (last && now() - last.at < maxAgeMs) return Promise.resolve(last.state);
    pending ??= run().finally(() => (pending = undefined));
    return pending;
  };
};
