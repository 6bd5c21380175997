/** One changed field of an audit event; a created record has no before, a deleted one no after. */
export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const showValue = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The fields an event's before and after differ in (a create lists its after, a delete its before). */
export const changesOf = (before: unknown, after: unknown): Change[] => {
  const b = asObject(before);
  const a = asObject(after);
  const created = before === null || before === undefined;
  const deleted = after === null || after === undefined;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((field) => field !== 'id');
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({
      field,
      before: created ? null : showValue(b[field]),
      after: deleted ? null : showValue(a[field]),
    }));
};

/** 'field: before → after', or just the value for a created or deleted record. */
export const describeChange = (c: Change): string =>
  c.before === null
    ? `${c.field}: ${c.after}`
    : c.after === null
      ? `${c.field}: ${c.before}`
      : `${c.field}: ${c.before} → ${c.after}`;
