import { describe, expect, it } from 'vitest';
import { MERCHANT_FORMATS } from './merchant';

describe('merchant formats', () => {
  it.each(['ACME', 'acme-kids', 'M_1', 'A1'])('accepts the code %s', (code) =>
    expect(MERCHANT_FORMATS.code.pattern.test(code)).toBe(true),
  );
  it.each(['A', '-AB', 'A B', 'X'.repeat(31)])('refuses the code %s', (code) =>
    expect(MERCHANT_FORMATS.code.pattern.test(code)).toBe(false),
  );
  it.each(['https://acme.example', 'http://localhost:3000/cb'])('accepts the address %s', (url) =>
    expect(MERCHANT_FORMATS.webAddress.pattern.test(url)).toBe(true),
  );
  it.each(['acme.example', 'ftp://acme.example', 'https://', 'https://a b'])('refuses the address %s', (url) =>
    expect(MERCHANT_FORMATS.webAddress.pattern.test(url)).toBe(false),
  );
});
