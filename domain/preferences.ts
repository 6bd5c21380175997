/**
 * A user's preferences, kept on the server so that they follow the user to another browser
 * (issue 31, item 10). They are the dashboard's own store keys (react-admin's store): only the keys
 * below are kept, each with a value of its known shape; everything else in the store lives in the
 * tab's memory only (SPEC §9: local storage holds the session only).
 */

/** A store key the server keeps, and whether a value is one it accepts for that key. */
interface PreferenceRule {
  /** The key's pattern: `*` is a list's store key (a resource name, `reports.<screen>`). */
  pattern: RegExp;
  accepts: (value: unknown) => boolean;
  /** What of the store's value is kept (a list's parameters keep their page size only). */
  keep?: (value: unknown) => unknown;
}

/** A list's store key: a resource ('merchant', 'deposit/progress') or a report ('reports.payin'). */
const LIST = '[a-z][a-z0-9-]*(?:[./][a-z][a-z0-9-]*)?';
const COLUMN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export const THEMES = ['light', 'dark'] as const;
export const LOCALES = ['en', 'hi'] as const;
/** The page sizes the lists offer (ListPagination). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_SAVED_QUERIES = 20;
/** The longest value kept, as JSON text: a column list or twenty saved filters fit easily. */
export const MAX_PREFERENCE_BYTES = 8_192;
/** The most keys a user keeps: every list's columns, order, page size, filters and Live switch. */
export const MAX_PREFERENCES = 300;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf =
  <T>(values: readonly T[]) =>
  (value: unknown) =>
    values.includes(value as T);
const isBoolean = (value: unknown) => typeof value === 'boolean';
const columnNames = (value: unknown) =>
  Array.isArray(value) && value.length <= 64 && value.every((name) => typeof name === 'string' && COLUMN.test(name));
const columnRanks = (value: unknown) =>
  Array.isArray(value) && value.length <= 64 && value.every((rank) => Number.isInteger(rank) && rank >= 0 && rank < 64);
const savedQuery = (value: unknown) =>
  isObject(value) &&
  typeof value.label === 'string' &&
  value.label.trim().length > 0 &&
  value.label.length <= 60 &&
  isObject(value.value);
const savedQueries = (value: unknown) =>
  Array.isArray(value) && value.length <= MAX_SAVED_QUERIES && value.every(savedQuery);
const listParams = (value: unknown) => isObject(value) && oneOf(PAGE_SIZES)(value.perPage);

const RULES: PreferenceRule[] = [
  { pattern: /^theme$/, accepts: oneOf(THEMES) },
  { pattern: /^locale$/, accepts: oneOf(LOCALES) },
  { pattern: /^sidebar\.open$/, accepts: isBoolean },
  { pattern: new RegExp(`^${LIST}\\.live$`), accepts: isBoolean },
  { pattern: new RegExp(`^${LIST}\\.datatable$`), accepts: columnNames },
  { pattern: new RegExp(`^${LIST}\\.datatable_columnRanks$`), accepts: columnRanks },
  { pattern: new RegExp(`^${LIST}\\.savedQueries$`), accepts: savedQueries },
  {
    pattern: new RegExp(`^${LIST}\\.listParams$`),
    accepts: listParams,
    keep: (value) => (isObject(value) && value.perPage !== undefined ? { perPage: value.perPage } : undefined),
  },
];

const ruleOf = (key: string) => (key.length <= 96 ? RULES.find((rule) => rule.pattern.test(key)) : undefined);

/** Whether the server keeps this store key. */
export const isKeptPreference = (key: string): boolean => ruleOf(key) !== undefined;

/** What of a store value is sent to be kept, or undefined when nothing of it is (a list's params without a page size). */
export const keptValue = (key: string, value: unknown): unknown => {
  const rule = ruleOf(key);
  if (!rule) return undefined;
  return rule.keep ? rule.keep(value) : value;
};

/** Why a value cannot be kept under this key, or null when it can. */
export const preferenceProblem = (key: string, value: unknown): string | null => {
  const rule = ruleOf(key);
  if (!rule) return `${key} is not a preference the console keeps.`;
  if (value === undefined || !rule.accepts(value)) return `This value cannot be kept as ${key}.`;
  if (JSON.stringify(value).length > MAX_PREFERENCE_BYTES) return `The value of ${key} is too long to keep.`;
  return null;
};
