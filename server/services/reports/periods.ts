import { sql } from 'drizzle-orm';
import { badRequest } from '../../errors';
import { addDays } from '../../../domain/boards';
import { istDayOf } from '../../../domain/format';

/** The period a board or report covers: whole IST days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** Whole IST days, today when a bound is left out; refused when they run backwards or past a year. */
export const periodOf = (from?: string, to?: string, now = new Date()): Period => {
  const period = { from: from ?? to ?? istDayOf(now), to: to ?? from ?? istDayOf(now) };
  if (period.from > period.to) throw badRequest('from must not be after to', 'from');
  if (addDays(period.from, 366) < period.to) throw badRequest('A period is at most a year long.', 'to');
  return period;
};

/** The rollup rows of a period's days (`at` is the row's IST day). */
export const inPeriod = (p: Period) => sql`at >= ${p.from}::date AND at < ${addDays(p.to, 1)}::date`;
