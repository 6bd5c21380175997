import { formatIstDay } from '../../../domain/format';
import { amountText, istTimestamp } from '../../../domain/reports';

/** How an export writes a cell: one format in every list export and report (issue 31, item 7). */
export type CsvKind = 'time' | 'rupees' | 'day' | 'text';

/** Money fields of the list views, in rupees. */
const RUPEES = new Set([
  'amount',
  'confirmedAmount',
  'fee',
  'balance',
  'held',
  'available',
  'unmatched',
  'minPayout',
  'maxPayout',
  'minPayin',
  'maxPayin',
  'dailyLimit',
]);

/** A column's kind: given, or read from its key (`…At` an instant, the money fields rupees). */
export const kindOf = (column: { key: string; kind?: CsvKind }): CsvKind =>
  column.kind ?? (/At$/.test(column.key) ? 'time' : RUPEES.has(column.key) ? 'rupees' : 'text');

const FORMAT: Record<CsvKind, (value: unknown) => unknown> = {
  time: (v) => (typeof v === 'string' || v instanceof Date ? istTimestamp(v) : v),
  rupees: (v) => (typeof v === 'number' ? amountText(v) : v),
  day: (v) => (typeof v === 'string' ? formatIstDay(v) : v),
  text: (v) => v,
};

/** The rows of a batch with every cell in its export format. */
export const formatCsvRows = (
  columns: readonly { key: string; kind?: CsvKind }[],
  rows: Record<string, unknown>[],
): Record<string, unknown>[] => {
  const formatted = columns
    .map((c) => ({ key: c.key, format: FORMAT[kindOf(c)] }))
    .filter((c) => c.format !== FORMAT.text);
  if (formatted.length === 0) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const { key, format } of formatted) out[key] = format(row[key]);
    return out;
  });
};
