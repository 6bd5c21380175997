import { describe, expect, it } from 'vitest';
import { mayMove, refusalIn, rowOf, type TransitionRow } from './transitions';

type A = 'open' | 'close';
type S = 'NEW' | 'OPEN' | 'SHUT';
const TABLE: TransitionRow<A, S>[] = [
  { action: 'open', from: ['NEW'] },
  { action: 'close', from: ['NEW', 'OPEN'] },
];
const PAST: Record<A, string> = { open: 'opened', close: 'closed' };

describe('one reading of a transition table', () => {
  it('finds the row of an action, and throws for one the table lacks', () => {
    expect(rowOf<A, S, TransitionRow<A, S>>(TABLE, 'close').from).toEqual(['NEW', 'OPEN']);
    expect(() => rowOf<A, S, TransitionRow<A, S>>(TABLE, 'lock' as A)).toThrow('no transition for lock');
  });
  it.each([
    ['open', 'NEW', true],
    ['open', 'OPEN', false],
    ['close', 'OPEN', true],
    ['close', 'SHUT', false],
  ] as [A, S, boolean][])('%s from %s: %s', (action, from, may) => expect(mayMove(TABLE, action, from)).toBe(may));
  it('says why, with the statuses an action starts from, joined as asked', () => {
    expect(refusalIn({ noun: 'door', past: PAST }, TABLE, 'close', 'SHUT')).toBe(
      'A door in status SHUT cannot be closed; only one in NEW, OPEN can.',
    );
    expect(refusalIn({ noun: 'door', past: PAST, or: ' or ' }, TABLE, 'close', 'SHUT')).toBe(
      'A door in status SHUT cannot be closed; only one in NEW or OPEN can.',
    );
  });
});
