import { describe, expect, it } from 'vitest';
import { textPrefix } from './provider-events';

describe('textPrefix: what is kept of a body that did not verify', () => {
  it.each([
    ['a short body whole', Buffer.from('{"a":1}'), 8, '{"a":1}'],
    ['ASCII cut at the budget', Buffer.from('abcdefghij'), 4, 'abcd'],
    ['a character cut in two left out', Buffer.from('ab€'), 4, 'ab'],
    ['a NUL read as U+FFFD within the budget', Buffer.from([0x61, 0x00, 0x62, 0x63, 0x64]), 4, 'a\uFFFD'],
    ['bytes that are not UTF-8 within the budget', Buffer.from([0xff, 0xff, 0xff, 0xff]), 4, '\uFFFD'],
  ])('%s', (_name, raw, max, kept) => {
    const text = textPrefix(raw, max);
    expect(text).toBe(kept);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(max);
  });
});
