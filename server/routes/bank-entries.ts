import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { acceptUploads } from '../plugins/uploads';
import { badRequest } from '../errors';
import { Data, IdParams, errorResponses, security } from '../schemas/common';
import {
  BANK_ENTRY_SORTS,
  BankEntryAdded,
  BankEntryBody,
  BankEntryFilters,
  BankEntryView,
  ImportResult,
} from '../schemas/bank-entries';
import { resetEntry } from '../services/bank-entries/bank-entry-reset';
import { addEntry } from '../services/bank-entries/entry-batches';
import { ENTRY_CSV_COLUMNS, exportEntries, getEntry, listEntries } from '../services/bank-entries/bank-entries-list';
import { importStatement, readStatement } from '../services/bank-entries/bank-statement';
import { readRoutes } from './read-routes';

const tags = ['bank-entries'];
const resource = 'bank-entries';
const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;

/** Add data (issue 10, item 4): credits seen on bank statements, one by one or a statement at a time. */
export const bankEntryRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await acceptUploads(app);
  await app.register(
    readRoutes({
      resource,
      sorts: BANK_ENTRY_SORTS,
      defaultSort: 'createdAt',
      filters: BankEntryFilters,
      row: BankEntryView,
      detail: BankEntryView,
      csvColumns: ENTRY_CSV_COLUMNS,
      list: (user, f, paging) => listEntries(db, user, f, paging),
      batches: (user, f, paging) => exportEntries(db, user, f, paging),
      get: (user, id) => getEntry(db, user, id),
    }),
  );

  app.post(
    '/bank-entries',
    {
      config: { access: { resource, action: 'create' } },
      schema: {
        tags,
        security,
        summary: 'Record a credit seen on a bank statement; the pay-in waiting for it is matched at once',
        body: BankEntryBody,
        response: { 201: Data(BankEntryAdded), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addEntry(db, request.session, request.body, request.ip) }),
  );

  app.post(
    '/bank-entries/import',
    {
      config: { access: { resource, action: 'create' } },
      schema: {
        tags,
        security,
        summary:
          'Upload a bank statement CSV (columns utr, amount, date, code) for one bank account: all rows are recorded, or none with each bad row named',
        consumes: ['multipart/form-data'],
        response: { 201: Data(ImportResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the statement as multipart/form-data.', 'file');
      let bankAccountId: string | undefined;
      let text: string | undefined;
      for await (const part of request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5 } })) {
        if (part.type === 'field' && part.fieldname === 'bankAccountId') bankAccountId = String(part.value);
        else if (part.type === 'file' && part.fieldname === 'file') {
          // Past the limit the reading itself fails: the sender is told why, as for a screenshot.
          const bytes = await part.toBuffer().catch(() => {
            throw badRequest('file must be at most 2 MB', 'file');
          });
          if (part.file.truncated) throw badRequest('file must be at most 2 MB', 'file');
          text = bytes.toString('utf8');
        } else if (part.type === 'file') await part.toBuffer();
      }
      if (!bankAccountId || !/^[0-9a-f-]{36}$/i.test(bankAccountId))
        throw badRequest('bankAccountId is Required!', 'bankAccountId');
      if (text === undefined) throw badRequest('file is Required!', 'file');
      const entries = await readStatement(db, bankAccountId, text);
      return reply.status(201).send({ data: await importStatement(db, request.session, entries, request.ip) });
    },
  );

  app.post(
    '/bank-entries/:id/reset',
    {
      config: { access: { resource, action: 'reset' }, confirm: 'bank-entry.reset' },
      schema: {
        tags,
        security,
        summary:
          "Free a used entry: its pay-in goes back to PENDING with a reversing journal (password confirmation). Four eyes: an ADMIN's call answers 202 `awaitingChecker`; another staff user's same call (TRANSACTIONS or another ADMIN, not one the maker gave access to) frees it",
        params: IdParams,
        response: {
          200: Data(BankEntryView),
          202: Data(
            Type.Object({
              ...BankEntryView.properties,
              awaitingChecker: Type.String({ description: 'the maker, awaiting a checker' }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { entry, awaitingChecker } = await resetEntry(db, request.session, request.params.id, request.ip);
      if (awaitingChecker) return reply.code(202).send({ data: { ...entry, awaitingChecker } });
      return { data: entry };
    },
  );
};
