import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { Cursor } from './lists';

export const EXPORT_BATCH = 2000;

export interface CsvColumn {
  key: string;
  header: string;
}

/** One batch of an export: the rows shaped as records of the columns, and where the next batch starts. */
export type Batches = (
  after: Cursor | undefined,
  limit: number,
) => Promise<{ rows: Record<string, unknown>[]; next: Cursor | undefined }>;

/**
 * Streams a CSV to the client batch by batch, each batch starting after the last row of the one
 * before (keyset), so an export of any size holds one batch in memory and costs linear time.
 */
export const sendCsv = async (reply: FastifyReply, fileName: string, columns: CsvColumn[], batches: Batches) => {
  const csv = stringify({
    header: true,
    columns,
    // A cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe, so that a
    // spreadsheet shows it instead of running it (names and ids come from outside the gateway).
    escape_formulas: true,
    cast: { boolean: (v) => (v ? 'Yes' : 'No'), date: (d) => d.toISOString() },
  });
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  const pump = async () => {
    try {
      let after: Cursor | undefined;
      for (;;) {
        const { rows, next } = await batches(after, EXPORT_BATCH);
        for (const row of rows) {
          if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        }
        if (rows.length < EXPORT_BATCH || !next) break;
        after = next;
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  };
  void pump();
  return reply.send(csv);
};
