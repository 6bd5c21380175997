import { describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { databaseCheck, readiness, readyAnswer } from './readiness';

describe('readyAnswer', () => {
  it.each([
    ['serving', 'ok', { ready: true, status: 'ready', database: 'ok' }],
    ['serving', 'unreachable', { ready: false, status: 'unavailable', database: 'unreachable' }],
    ['starting', 'ok', { ready: false, status: 'starting', database: 'not checked' }],
    ['draining', 'ok', { ready: false, status: 'draining', database: 'not checked' }],
    ['draining', undefined, { ready: false, status: 'draining', database: 'not checked' }],
  ] as const)('%s with the database %s', (phase, database, answer) => {
    expect(readyAnswer(phase, database)).toEqual(answer);
  });
});

describe('readiness', () => {
  it('serves once started, and never again once draining', () => {
    const life = readiness('starting');
    expect(life.phase()).toBe('starting');
    life.serve();
    expect(life.phase()).toBe('serving');
    life.drain();
    life.serve();
    expect(life.phase()).toBe('draining');
  });
});

/** A database whose `select 1` answers as told, counting the statements. */
const fakeDb = (answer: () => Promise<unknown>) => {
  const asked = { count: 0 };
  const db = {
    execute: () => {
      asked.count += 1;
      return answer();
    },
  } as unknown as Db;
  return { db, asked };
};

describe('databaseCheck', () => {
  it('shares one statement among probes at once, and reuses its answer for a moment', async () => {
    let clock = 0;
    const { db, asked } = fakeDb(async () => ({ rows: [] }));
    const check = databaseCheck(db, { maxAgeMs: 1000, now: () => clock });
    expect(await Promise.all([check(), check(), check()])).toEqual(['ok', 'ok', 'ok']);
    expect(asked.count).toBe(1);
    clock = 999;
    expect(await check()).toBe('ok');
    expect(asked.count).toBe(1);
    clock = 1000;
    expect(await check()).toBe('ok');
    expect(asked.count).toBe(2);
  });

  it('calls a failing or silent database unreachable', async () => {
    let clock = 0;
    const failing = databaseCheck(fakeDb(() => Promise.reject(new Error('refused'))).db, { now: () => clock });
    expect(await failing()).toBe('unreachable');
    const silent = databaseCheck(fakeDb(() => new Promise(() => undefined)).db, { timeoutMs: 20, now: () => clock });
    expect(await silent()).toBe('unreachable');
    clock = 5000;
    expect(await silent()).toBe('unreachable');
  });
});
