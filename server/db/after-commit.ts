import type pg from 'pg';
import type { DbOrTx } from './index';

/**
 * Work that must happen only once a transaction has committed (counting a pay-in's new status):
 * held per connection while its transaction is open, in a frame per savepoint, dropped with a
 * rollback, run when COMMIT succeeds. The transaction's own statements say where it stands.
 */
const frames = new WeakMap<object, (() => void)[][]>();

const runAll = (work: (() => void)[]) => {
  for (const run of work)
    try {
      run();
    } catch {
      // Work after a commit is bookkeeping: it never undoes or fails what committed.
    }
};

const onStatement = (client: object, text: string, result: unknown) => {
  const stack = frames.get(client);
  if (text.startsWith('begin') || text.startsWith('start transaction')) frames.set(client, [[]]);
  else if (!stack) return;
  else if (text.startsWith('savepoint')) stack.push([]);
  else if (text.startsWith('release savepoint')) {
    const inner = stack.length > 1 ? stack.pop()! : [];
    stack.at(-1)!.push(...inner);
  } else if (text.startsWith('rollback to savepoint')) {
    if (stack.length > 1) stack.pop();
  } else if (text === 'commit' || text === 'end' || text === 'rollback' || text === 'abort') {
    frames.delete(client);
    if (text === 'rollback' || text === 'abort') return;
    const work = stack.flat();
    if (work.length === 0) return;
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => runAll(work),
        () => undefined,
      );
    else runAll(work);
  }
};

/** Follows a client's transaction control statements (called once, from the pool's client class). */
export const trackTransactions = (client: pg.Client) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    const result = query(...args);
    // Transaction control is short: longer text is never looked at.
    if (typeof text === 'string' && text.length <= 64) onStatement(client, text.trim().toLowerCase(), result);
    return result;
  }) as pg.Client['query'];
};

/**
 * Runs `work` once the transaction `tx` belongs to has committed, never if it rolls back; at once
 * when `tx` is not in a transaction (its statements have committed already).
 */
export const afterCommit = (tx: DbOrTx, work: () => void) => {
  const client = (tx as unknown as { session?: { client?: object } }).session?.client;
  const stack = client ? frames.get(client) : undefined;
  if (stack) stack.at(-1)!.push(work);
  else runAll([work]);
};
