import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { commaList } from '../services/common/lists';
import { ACCOUNTS_COLUMNS, VENDOR_ACCOUNTS_COLUMNS } from '../../domain/account-reports';
import { paiseToRupees } from '../../domain/money';
import { reportCells, type ReportColumn } from '../../domain/reports';
import type { ApiResource } from '../../domain/access';
import { errorResponses, IstDay, security } from '../schemas/common';
import { accountReportBatches, accountReportPage, type AccountDay } from '../services/reports/account-reports';
import { periodOf } from '../services/reports/periods';
import { sendCsv } from '../services/common/csv';
import { literalOf } from '../db/row-mapper';

const Codes = Type.Optional(
  Type.String({ maxLength: 4000, description: 'comma-joined codes; all the caller sees when left out' }),
);
const Paging = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
};
const Days = { from: Type.Optional(IstDay()), to: Type.Optional(IstDay()) };
const Rupees = Type.Number({ description: 'rupees' });
const Count = Type.Integer();

const MerchantQuery = Type.Object(
  { merchantCode: Codes, includeSubMerchants: Type.Optional(Type.Boolean({ default: true })), ...Days, ...Paging },
  { additionalProperties: false },
);
const VendorQuery = Type.Object({ vendorCode: Codes, ...Days, ...Paging }, { additionalProperties: false });

const AccountRow = Type.Object({
  merchantCode: Type.String(),
  day: Type.String({ description: 'an IST date' }),
  payinCount: Count,
  payinAmount: Rupees,
  payinFee: Rupees,
  payoutCount: Count,
  payoutAmount: Rupees,
  payoutFee: Rupees,
  reversedCount: Count,
  reversedAmount: Rupees,
  settlementCount: Count,
  settlementAmount: Rupees,
  chargebackCount: Count,
  chargebackAmount: Rupees,
  balance: Type.Number({ description: "rupees: what the day added to the merchant's balance" }),
  netBalance: Type.Number({ description: 'rupees: the balance at the end of the day' }),
});
const VendorAccountRow = Type.Object({
  vendorCode: Type.String(),
  day: Type.String({ description: 'an IST date' }),
  collectedCount: Count,
  collectedAmount: Rupees,
  payinCount: Count,
  payinAmount: Rupees,
  payoutCount: Count,
  payoutAmount: Rupees,
  reversedCount: Count,
  reversedAmount: Rupees,
  commission: Rupees,
  settlementCount: Count,
  settlementAmount: Rupees,
  balance: Type.Number({ description: 'rupees: what the day added to the money the vendor holds for the gateway' }),
  netBalance: Type.Number({
    description: 'rupees: positive, the vendor owes the gateway; negative, the gateway owes it',
  }),
});

/** A day of rollups as a report row: amounts in rupees, the columns the report names (each column's reading chosen once). */
const rowOf = (columns: readonly ReportColumn[], codeKey: string) =>
  literalOf<Record<string, unknown>>(
    columns.map(({ key }) => {
      if (key === codeKey) return { key, from: 'code' };
      if (key === 'day' || key.endsWith('Count')) return { key };
      return { key, via: paiseToRupees };
    }),
  );

const REPORTS = [
  {
    path: 'accounts',
    resource: 'reports/accounts',
    kind: 'merchants',
    columns: ACCOUNTS_COLUMNS,
    codeKey: 'merchantCode',
    query: MerchantQuery,
    row: AccountRow,
    summary:
      "Per merchant per IST day: pay-ins, fees, pay-outs, reversals, settlements, chargebacks, the day's and the running balance; a parent's sub-merchants included unless includeSubMerchants is false",
  },
  {
    path: 'vendor-accounts',
    resource: 'reports/vendor-accounts',
    kind: 'vendors',
    columns: VENDOR_ACCOUNTS_COLUMNS,
    codeKey: 'vendorCode',
    query: VendorQuery,
    row: VendorAccountRow,
    summary:
      "Per vendor per IST day: entries collected, pay-ins and pay-outs through its accounts, reversals, commission, settlements, the day's and the running balance",
  },
] as const;

/** The Accounts and Vendor Accounts reports (issue 13) and their CSV exports. */
export const accountReportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  for (const r of REPORTS) {
    const toRow = rowOf(r.columns, r.codeKey);
    const read = (q: Record<string, unknown>) => ({
      q: {
        merchantCode: commaList(q.merchantCode as string | undefined),
        vendorCode: commaList(q.vendorCode as string | undefined),
        includeSubMerchants: q.includeSubMerchants as boolean | undefined,
      },
      period: periodOf(q.from as string | undefined, q.to as string | undefined),
    });
    app.get(
      `/reports/${r.path}`,
      {
        config: { access: { resource: r.resource as ApiResource, action: 'read' } },
        schema: {
          tags: ['reports'],
          security,
          summary: r.summary,
          querystring: r.query,
          response: { 200: Type.Object({ data: Type.Array(r.row), total: Type.Integer() }), ...errorResponses },
        },
      },
      async (request) => {
        const query = request.query as Record<string, unknown> & { page: number; pageSize: number };
        const { q, period } = read(query);
        const { rows, total } = await accountReportPage(db, request.session, r.kind, q, period, {
          offset: (query.page - 1) * query.pageSize,
          limit: query.pageSize,
        });
        return { data: rows.map(toRow) as never, total };
      },
    );
    app.get(
      `/reports/${r.path}/export`,
      {
        config: { access: { resource: r.resource as ApiResource, action: 'export' } },
        schema: { tags: ['reports'], security, summary: `${r.summary} (CSV)`, querystring: r.query },
      },
      async (request, reply) => {
        const { q, period } = read(request.query as Record<string, unknown>);
        const batches = accountReportBatches(db, request.session, r.kind, q, period);
        // reportCells writes every cell in its export format already.
        const columns = r.columns.map(({ key, header }) => ({ key, header, kind: 'text' as const }));
        return sendCsv(reply, `${r.path}-report.csv`, columns, async (after, limit) => {
          const { rows, next } = await batches(after, limit);
          return { rows: rows.map((d) => reportCells(r.columns, toRow(d as AccountDay))), next };
        });
      },
    );
  }
};
