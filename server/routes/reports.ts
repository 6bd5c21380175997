import type { Static, TObject, TProperties, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Db } from '../db';
import { badRequest } from '../errors';
import { validationMessage } from '../plugins/errors';
import { REPORT_COLUMNS, type RowReport } from '../../domain/reports';
import { Page, errorResponses, security } from '../schemas/common';
import {
  PayinReportFilters,
  PayinReportRow,
  PayoutReportFilters,
  PayoutReportRow,
  REPORT_SORTS,
  VendorPayinReportFilters,
  VendorPayinReportRow,
  VendorPayoutReportFilters,
  VendorPayoutReportRow,
  type ReportSort,
} from '../schemas/reports';
import type { SessionUser } from '../services/common/session-user';
import { sendQueryCsv } from '../services/common/csv';
import { listQuery, type Paging } from '../services/common/lists';
import { listPayinReport, payinReportCsv } from '../services/reports/reports-payins';
import {
  listPayoutReport,
  listVendorPayoutReport,
  payoutReportCsv,
  vendorPayoutReportCsv,
} from '../services/reports/reports-payouts';
import { listVendorPayinReport, vendorPayinReportCsv } from '../services/reports/reports-vendor-payins';
import type { Query } from '../services/common/sql-literals';
import { splitCommaLists } from './read-routes';

interface RowReportSpec<F extends TProperties, R extends TSchema> {
  report: RowReport;
  summary: string;
  /** Which rows, in whose scope, and which time the IST days of from and to apply to. */
  description: string;
  filters: F;
  row: R;
  list: (
    user: SessionUser,
    f: Static<TObject<F>>,
    paging: Paging<ReportSort>,
  ) => Promise<{ data: Static<R>[]; total: number; totalCapped?: boolean }>;
  /** The CSV's statement: the list's rows, all of them, as formatted cells. */
  csv: (user: SessionUser, f: Static<TObject<F>>, paging: Paging<ReportSort>) => Promise<Query>;
}

/** An unknown status or method is answered with the values it may take. */
const schemaErrorFormatter = (errors: FastifySchemaValidationError[], context: string) => {
  const [first] = errors as (FastifySchemaValidationError & { data?: unknown })[];
  if (first?.keyword === 'enum') {
    const field = first.instancePath.split('/').filter(Boolean)[0] ?? context;
    const allowed = (first.params.allowedValues as unknown[]).join(', ');
    return badRequest(`${field}: ${String(first.data)} is not one of ${allowed}.`, field);
  }
  const { message, field } = validationMessage(errors as Parameters<typeof validationMessage>[0], context);
  return badRequest(message, field);
};

const DAYS = 'from and to are IST calendar days (yyyy-mm-dd), both included';

/** A report's list (JSON pages) and its CSV (keyset batches, written by domain/reports' columns), one scope and filters. */
const rowReport =
  <F extends TProperties, R extends TSchema>(db: Db, r: RowReportSpec<F, R>): FastifyPluginAsync =>
  async (app) => {
    const resource = `reports/${r.report}` as const;
    const query = listQuery(REPORT_SORTS, 'createdAt', r.filters);
    const lists = Object.entries(r.filters)
      .filter(([, schema]) => (schema as { type?: string }).type === 'array')
      .map(([key]) => key);
    const preValidation = async (request: FastifyRequest) =>
      splitCommaLists(request.query as Record<string, unknown>, lists);
    // The schema has validated the query: this is its one typed reading.
    const read = (request: FastifyRequest) => {
      const { page, pageSize, sortBy, sortOrder, ...filters } = request.query as Paging<ReportSort> &
        Static<TObject<F>> & { from?: string; to?: string };
      if (filters.from && filters.to && filters.from > filters.to)
        throw badRequest(`The range starts after it ends: from (${filters.from}) is after to (${filters.to}).`, 'from');
      return { filters: filters as Static<TObject<F>>, paging: { page, pageSize, sortBy, sortOrder } };
    };
    const headers = REPORT_COLUMNS[r.report].map((c) => c.header);
    const schema = { tags: ['reports'], security, description: r.description, querystring: query };
    const checks = { preValidation, schemaErrorFormatter };

    app.get(
      `/${resource}`,
      {
        config: { access: { resource, action: 'read' } },
        ...checks,
        schema: { ...schema, summary: r.summary, response: { 200: Page(r.row), ...errorResponses } },
      },
      async (request) => {
        const { filters, paging } = read(request);
        return r.list(request.session, filters, paging);
      },
    );

    app.get(
      `/${resource}/export`,
      {
        config: { access: { resource, action: 'export' } },
        ...checks,
        schema: { ...schema, summary: `${r.summary} as CSV: same filters and scope, times in IST` },
      },
      async (request, reply) => {
        const { filters, paging } = read(request);
        const query = await r.csv(request.session, filters, paging);
        return sendQueryCsv(reply, `${r.report}-report.csv`, headers, db, query);
      },
    );
  };

/** Reports (issue 13, item 4): the four row reports, each a list and its CSV export. */
export const reportRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(
    rowReport(db, {
      report: 'payins',
      summary: 'Payins report',
      description: `Pay-ins (test ones left out) in the caller's scope: merchant roles see their merchants' only (MERCHANT_ADMIN with sub-merchants). ${DAYS}; they apply to the time the pay-in was created, except when status is exactly SUCCESS: then to the time it was confirmed.`,
      filters: PayinReportFilters,
      row: PayinReportRow,
      list: (user, f, paging) => listPayinReport(db, user, f, paging),
      csv: (user, f, paging) => payinReportCsv(db, user, f, paging),
    }),
  );
  await app.register(
    rowReport(db, {
      report: 'vendor-payins',
      summary: 'Vendor Payins report',
      description: `The credits recorded on vendors' bank accounts (Add data); vendor roles see their own vendor's only. Used: taken by a pay-in or an internal transfer. ${DAYS}, of the time the entry was added.`,
      filters: VendorPayinReportFilters,
      row: VendorPayinReportRow,
      list: (user, f, paging) => listVendorPayinReport(db, user, f, paging),
      csv: (user, f, paging) => vendorPayinReportCsv(db, user, f, paging),
    }),
  );
  await app.register(
    rowReport(db, {
      report: 'payouts',
      summary: 'Payouts report',
      description: `Pay-outs (test ones left out) in the caller's scope: merchant roles see their merchants' only (MERCHANT_ADMIN with sub-merchants). ${DAYS}; they apply to the time the pay-out was created, except when status is exactly SUCCESS: then to the time it was completed.`,
      filters: PayoutReportFilters,
      row: PayoutReportRow,
      list: (user, f, paging) => listPayoutReport(db, user, f, paging),
      csv: (user, f, paging) => payoutReportCsv(db, user, f, paging),
    }),
  );
  await app.register(
    rowReport(db, {
      report: 'vendor-payouts',
      summary: 'Vendor Payouts report',
      description: `Pay-outs given to a vendor (test ones left out); vendor roles see their own vendor's only, without the merchant's order id and fee. ${DAYS}; they apply to the time the pay-out was created, except when status is exactly SUCCESS: then to the time it was completed.`,
      filters: VendorPayoutReportFilters,
      row: VendorPayoutReportRow,
      list: (user, f, paging) => listVendorPayoutReport(db, user, f, paging),
      csv: (user, f, paging) => vendorPayoutReportCsv(db, user, f, paging),
    }),
  );
};
