import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { merchantKey } from '../support/deposits';

/**
 * Issue 29, item 7: wrong merchant API keys are counted per address, in the database every server
 * shares; past the limit the address is refused whatever key it sends, so guessing learns nothing.
 */
const WRONG_KEYS = 5;
const demo = demoServerPerFile({ trustProxy: 1, merchantApiWrongKeysPerMinute: WRONG_KEYS });

const status = (key: string, from: string) =>
  demo.s.call('GET', '/v1/merchant-api/balance', { headers: { 'x-api-key': key, 'x-forwarded-for': from } });

describe('wrong merchant API keys', () => {
  it('are refused with 429 after the limit from one address; another address and right keys elsewhere go on', async () => {
    const right = await merchantKey(demo.s, 'BOLT');
    const guesser = '198.51.100.7';
    const answers = [];
    for (let i = 0; i <= WRONG_KEYS; i += 1) answers.push((await status(`pg_guess_${i}_0123456789`, guesser)).status);
    expect(answers).toEqual([...Array(WRONG_KEYS).fill(401), 429]);
    const refused = await status('pg_guess_last_0123456789', guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.error.message).toMatch(/^Too many wrong API keys from this address\. Please wait \d+ seconds?/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right key from the refused address is refused too: a 200 there would tell a guess was right.
    expect((await status(right, guesser)).status).toBe(429);
    // Another address is not affected.
    expect((await status('pg_guess_other_0123456789', '198.51.100.8')).status).toBe(401);
    expect((await status(right, '198.51.100.8')).status).toBe(200);
  });

  it('right keys are not counted as wrong ones', async () => {
    const right = await merchantKey(demo.s, 'CRISP');
    const answers = [];
    for (let i = 0; i < WRONG_KEYS * 2; i += 1) answers.push((await status(right, '198.51.100.9')).status);
    expect(answers).toEqual(Array(WRONG_KEYS * 2).fill(200));
  });
});
