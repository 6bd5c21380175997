import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { to as copyTo } from 'pg-copy-streams';
import { poolOf, type Db } from '../../db';
import type { Cursor } from './lists';
import { withLiterals, type Query } from './sql-literals';
import { formatCsvRows, type CsvKind } from './csv-format';

export const EXPORT_BATCH = 2000;

export interface CsvColumn {
  key: string;
  header: string;
  /** How its cells are written; read from the key when not given (csv-format.ts). */
  kind?: CsvKind;
}

/** One batch of an export: the rows shaped as records of the columns, and where the next batch starts. */
export type Batches = (
  after: Cursor | undefined,
  limit: number,
) => Promise<{ rows: Record<string, unknown>[]; next: Cursor | undefined }>;

/**
 * Streams a CSV to the client batch by batch, each batch starting after the last row of the one
 * before (keyset), so an export of any size holds two batches in memory and costs linear time. The
 * next batch is read while this one is written, and each batch goes out as one chunk: a million
 * rows are five hundred writes, not a million.
 */
const csvHeaders = (reply: FastifyReply, fileName: string) => {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
};

export const sendCsv = async (reply: FastifyReply, fileName: string, columns: CsvColumn[], batches: Batches) => {
  const out = new PassThrough();
  csvHeaders(reply, fileName);
  const options = {
    columns: columns.map(({ key, header }) => ({ key, header })),
    // A cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe, so that a
    // spreadsheet shows it instead of running it (names and ids come from outside the gateway).
    escape_formulas: true,
    cast: { boolean: (v: boolean) => (v ? 'Yes' : 'No'), date: (d: Date) => d.toISOString() },
  };
  const pump = async () => {
    try {
      let batch = await batches(undefined, EXPORT_BATCH);
      for (let header = true; ; header = false) {
        const last = batch.rows.length < EXPORT_BATCH || !batch.next;
        const following = last ? undefined : batches(batch.next, EXPORT_BATCH);
        // A read ahead that fails is reported where it is awaited, not as an unhandled rejection.
        following?.catch(() => undefined);
        if (!out.write(stringify(formatCsvRows(columns, batch.rows), { ...options, header })))
          await Promise.race([once(out, 'drain'), once(out, 'close')]);
        if (out.destroyed) return;
        if (!following) break;
        batch = await following;
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  };
  void pump();
  return reply.send(out);
};

/**
 * Streams a CSV that PostgreSQL writes itself: COPY (the query) TO STDOUT in CSV, after a header
 * line. The query's cells are already text as the file shows them (report-rows csvCell), so the
 * server only passes bytes along: one statement on one connection, its pace set by the client
 * (the copy stream pauses the connection while the response is full). A client that goes away
 * ends the statement: its connection is closed, not returned to the pool mid-copy.
 */
export const sendQueryCsv = async (reply: FastifyReply, fileName: string, headers: string[], db: Db, query: Query) => {
  const text = `COPY (${withLiterals(query)}) TO STDOUT WITH (FORMAT csv)`;
  const client = await poolOf(db).connect();
  const out = new PassThrough();
  out.write(stringify([headers]));
  pipeline(client.query(copyTo(text)), out).then(
    () => client.release(),
    (error: Error) => client.release(error),
  );
  csvHeaders(reply, fileName);
  return reply.send(out);
};
