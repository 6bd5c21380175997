import type { Db } from '../../server/db';

/**
 * The product's database, except that every statement after the first transaction commits fails as
 * a lost connection would: what PostgreSQL restarted between a commit and its answer looks like.
 */
export const lostAfterCommit = (db: Db): Db => {
  let committed = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction')
        return async (...args: Parameters<Db['transaction']>) => {
          const done = await target.transaction(...args);
          committed = true;
          return done;
        };
      if (committed && ['select', 'execute', 'insert', 'update', 'delete'].includes(String(prop)))
        throw new Error('Connection terminated unexpectedly');
      return Reflect.get(target, prop, target);
    },
  });
};
