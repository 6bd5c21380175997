import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling, RETRY_MESSAGE, UNAVAILABLE_MESSAGE } from './errors';

/** What the error handler answers for failures that are not the product's own AppErrors. */
const answer = async (thrown: unknown) => {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/', async () => {
    throw thrown;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
};

const pgError = (code: string) => Object.assign(new Error('deadlock detected'), { code });

describe('error handling', () => {
  it.each(['40P01', '40001'])(
    'a transaction PostgreSQL rolled back (%s) is a 503 to retry, naming no SQL',
    async (code) => {
      expect(await answer(pgError(code))).toEqual({
        status: 503,
        body: { error: { message: RETRY_MESSAGE, code: 'RETRY' } },
        retryAfter: '1',
      });
      expect(await answer(Object.assign(new Error('wrapped'), { cause: pgError(code) }))).toMatchObject({
        status: 503,
      });
    },
  );

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'PostgreSQL shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['PostgreSQL starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection failure', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a failed query over a lost connection',
      Object.assign(new Error('Failed query: rollback'), {
        cause: new Error('Client has encountered a connection error and is not queryable'),
      }),
    ],
    [
      'every address refused',
      Object.assign(new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], ''), {}),
    ],
  ])('%s is a 503 saying the database is not reachable, to retry', async (_name, thrown) => {
    expect(await answer(thrown)).toEqual({
      status: 503,
      body: { error: { message: UNAVAILABLE_MESSAGE, code: 'DB_UNAVAILABLE' } },
      retryAfter: '5',
    });
  });

  it('a pool closed on purpose is not a database outage', async () => {
    expect((await answer(new Error('Cannot use a pool after calling end on the pool'))).status).toBe(500);
  });

  it('anything else unexpected is a 500 without its message', async () => {
    const res = await answer(pgError('23514'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('deadlock');
  });
});
