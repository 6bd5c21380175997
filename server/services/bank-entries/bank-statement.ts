import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { bankEntries } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { SessionUser } from '../common/session-user';
import { accountProblems, checkEntry, recordEntries, repeated, type CheckedEntry } from './bank-entries';

/** A statement holds at most this many credits: larger ones are split by the bank's export anyway. */
export const STATEMENT_MAX_ROWS = 5000;
const REQUIRED = ['utr', 'amount'];

const reasonOf = (error: unknown) => (error instanceof AppError ? error.message : 'cannot be read');

/**
 * Reads a bank statement CSV (utr, amount, date, optional code) for one bank account. Every row is
 * checked first; one bad row refuses the whole file with each bad row's reason and records nothing.
 */
export const readStatement = async (db: Db, bankAccountId: string, text: string): Promise<CheckedEntry[]> => {
  const [accountProblem] = await accountProblems(db, [bankAccountId]);
  if (accountProblem) throw accountProblem;
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch (error) {
    throw badRequest(`The file is not a readable CSV: ${(error as Error).message}`, 'file');
  }
  if (records.length === 0) throw badRequest('The file has no rows.', 'file');
  if (records.length > STATEMENT_MAX_ROWS)
    throw badRequest(`A statement holds at most ${STATEMENT_MAX_ROWS} rows.`, 'file');
  const missing = REQUIRED.filter((c) => !(c in records[0]));
  if (missing.length > 0)
    throw badRequest(
      `The header must name the columns utr, amount, date and code (missing: ${missing.join(', ')}).`,
      'file',
    );

  const errors: { line: number; reason: string }[] = [];
  const good: { line: number; entry: CheckedEntry }[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    try {
      if (record.date && Number.isNaN(Date.parse(record.date)) && !/^\d{2}[/-]\d{2}[/-]\d{4}$/.test(record.date))
        throw badRequest('date is not a date');
      const entry = checkEntry({
        bankAccountId,
        utr: record.utr ?? '',
        amount: record.amount as unknown as number,
        amountCode: record.code,
      });
      const first = seen.get(entry.utr);
      if (first !== undefined) throw badRequest(`UTR repeats line ${first}`);
      seen.set(entry.utr, line);
      good.push({ line, entry });
    } catch (error) {
      errors.push({ line, reason: reasonOf(error) });
    }
  });
  const utrs = good.map((g) => g.entry.utr);
  const known = new Set(
    utrs.length === 0
      ? []
      : (await db.select({ utr: bankEntries.utr }).from(bankEntries).where(inArray(bankEntries.utr, utrs))).map(
          (r) => r.utr,
        ),
  );
  for (const g of good)
    if (known.has(g.entry.utr)) errors.push({ line: g.line, reason: 'Repeated: this UTR is already recorded' });
  if (errors.length > 0) {
    const error = new AppError(
      400,
      'INVALID_ROWS',
      `${errors.length} row${errors.length === 1 ? '' : 's'} cannot be recorded; nothing was recorded.`,
    );
    error.rows = errors.sort((a, b) => a.line - b.line);
    throw error;
  }
  return good.map((g) => g.entry);
};

/** Rows recorded per statement of SQL: a batch's parameters stay well inside PostgreSQL's 65,535. */
const IMPORT_CHUNK = 1000;

/**
 * Records a checked statement in one transaction, a chunk of rows at a time (recordEntries). A
 * UTR recorded meanwhile by someone else refuses the whole file as Repeated.
 */
export const importStatement = async (db: Db, user: SessionUser, entries: CheckedEntry[], ip?: string) =>
  db.transaction(async (tx) => {
    let matched = 0;
    // UTRs in sorted order across the chunks too: two imports never wait on each other crosswise.
    const sorted = [...entries].sort((a, b) => a.utr.localeCompare(b.utr));
    for (let from = 0; from < sorted.length; from += IMPORT_CHUNK) {
      const chunk = sorted.slice(from, from + IMPORT_CHUNK).map((entry) => ({ entry, user, ip }));
      const results = await recordEntries(tx, chunk, 'Manual');
      if (results.some((r) => r === null)) throw repeated();
      matched += results.filter((r) => r?.matched).length;
    }
    return { recorded: entries.length, matched };
  });
