import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { badRequest } from '../../errors';
import { isUtr, normaliseUtr, UTR_FORMAT } from '../../../domain/payin';

/** A UTR as typed: spaces stripped, 12 digits; 400 naming the field otherwise. */
export const utrFrom = (value: string, field = 'utr') => {
  const utr = normaliseUtr(value);
  if (!isUtr(utr)) throw badRequest(`UTR must be ${UTR_FORMAT.description}`, field);
  return utr;
};

/**
 * Everything that decides about one UTR runs one at a time: the customer's submission, staff's
 * entry of it and the bank entry's arrival. Taken first, before any row lock, in every path.
 */
export const lockUtr = (tx: DbOrTx, utr: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`utr:${utr}`}, 0))`);
