import { describe, expect, it } from 'vitest';
import { payEn } from '../pay/messages';
import { payHi } from '../pay/messages.hi';
import { en } from './en';
import { hi } from './hi';

type Tree = { [key: string]: string | Tree };
type Message = { id: string; path: string[]; text: string };

/** Every message of a tree with its path (ids may hold dots: `payin.confirm`). */
const messages = (tree: Tree, path: string[] = []): Message[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [{ id: [...path, key].join('.'), path: [...path, key], text: value }]
      : messages(value, [...path, key]),
  );

const textAt = (tree: Tree, path: string[]) => {
  const found = path.reduce<string | Tree | undefined>(
    (node, key) => (typeof node === 'object' ? node[key] : undefined),
    tree,
  );
  return typeof found === 'string' ? found : undefined;
};

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort().join();

/** Both directions, every missing id listed; then the same placeholders message by message. */
const expectSameTree = (name: string, english: Tree, other: Tree) => {
  const report = [
    ...messages(english)
      .filter((m) => textAt(other, m.path) === undefined)
      .map((m) => `missing in ${name}: ${m.id}`),
    ...messages(other)
      .filter((m) => textAt(english, m.path) === undefined)
      .map((m) => `missing in English: ${m.id}`),
  ];
  expect(report, `\n${report.join('\n')}`).toEqual([]);
  const differ = messages(english).filter((m) => placeholders(m.text) !== placeholders(textAt(other, m.path)!));
  expect(
    differ.map((m) => m.id),
    `placeholders differ in ${name}`,
  ).toEqual([]);
};

/** Messages with Latin words and no Devanagari: most likely left in English. */
const untranslated = (tree: Tree) =>
  messages(tree)
    .filter((m) => {
      const words = m.text.replace(/%\{\w+\}/g, '');
      return /[a-z]{4,}/.test(words) && !/[\u0900-\u097F]/.test(words);
    })
    .map((m) => m.id);

describe('the dashboard locales', () => {
  it('Hindi has every message id of English and no other, react-admin’s included', () =>
    expectSameTree('Hindi', en as Tree, hi as Tree));

  it('no Hindi message is left in English', () => expect(untranslated(hi as Tree)).toEqual([]));
});

describe('the pay page’s texts', () => {
  it('Hindi has every text id of English and no other', () => expectSameTree('Hindi', payEn, payHi));

  it('no Hindi text is left in English', () => expect(untranslated(payHi)).toEqual([]));
});
