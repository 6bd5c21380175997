import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling, RETRY_MESSAGE } from './errors';

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

  it('anything else unexpected is a 500 without its message', async () => {
    const res = await answer(pgError('23514'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('deadlock');
  });
});
