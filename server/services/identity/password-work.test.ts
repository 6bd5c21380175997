import { describe, expect, it } from 'vitest';
import { MAX_WAITING_HASHES, SERVER_BUSY, verifyPassword } from './passwords';

/** A stored hash with cheap parameters, so that the test measures the bound and not scrypt. */
const CHEAP = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$' + Buffer.alloc(32).toString('base64url');

describe('password hashing work is bounded', () => {
  it('queues at most MAX_WAITING_HASHES and tells the rest the server is busy', async () => {
    const asked = MAX_WAITING_HASHES + 40;
    const answers = await Promise.allSettled(Array.from({ length: asked }, () => verifyPassword('guess', CHEAP)));
    const busy = answers.filter((a) => a.status === 'rejected');
    const done = answers.filter((a) => a.status === 'fulfilled');
    expect(busy.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThanOrEqual(MAX_WAITING_HASHES);
    expect((busy[0] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503, message: SERVER_BUSY });
    // Once the queue drains, hashing works again.
    expect(await verifyPassword('guess', CHEAP)).toBe(false);
  });
});
