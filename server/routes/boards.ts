import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { commaList } from '../services/common/lists';
import { paiseToRupees } from '../../domain/money';
import { Data, errorResponses, security } from '../schemas/common';
import { Dashboard, DashboardQuery, VendorBoard, VendorBoardQuery } from '../schemas/boards';
import { dashboardFigures } from '../services/reports/boards';
import { vendorBoardFigures } from '../services/reports/vendor-board';

type Bucket = { at: string; deposit: number; withdraw: number };
const rupees = paiseToRupees;
const counted = (c: { amount: number; count: number }) => ({ amount: rupees(c.amount), count: c.count });
const seriesInRupees = (series: Bucket[]) =>
  series.map((b) => ({ at: b.at, deposit: rupees(b.deposit), withdraw: rupees(b.withdraw) }));

/**
 * The boards' figures in rupees, written field by field against the answer's schema (a paise field
 * the services add and these leave out fails the type check). Counts, rates and seconds stay as
 * they are. A walk over every key with Object.entries was a tenth of a Dashboard's allocations.
 */
const dashboardInRupees = (f: Awaited<ReturnType<typeof dashboardFigures>>): Static<typeof Dashboard> => ({
  deposit: counted(f.deposit),
  depositFee: rupees(f.depositFee),
  withdraw: counted(f.withdraw),
  withdrawFee: rupees(f.withdrawFee),
  reversedWithdraw: rupees(f.reversedWithdraw),
  commission: rupees(f.commission),
  settlement: rupees(f.settlement),
  chargeback: rupees(f.chargeback),
  currentBalance: rupees(f.currentBalance),
  netBalance: rupees(f.netBalance),
  bucket: f.bucket,
  series: seriesInRupees(f.series),
  payinSuccessRate: f.payinSuccessRate,
  medianSecondsToSuccess: f.medianSecondsToSuccess,
});

const vendorBoardInRupees = (f: Awaited<ReturnType<typeof vendorBoardFigures>>): Static<typeof VendorBoard> => ({
  collected: counted(f.collected),
  withdraw: counted(f.withdraw),
  reversedWithdraw: rupees(f.reversedWithdraw),
  commission: rupees(f.commission),
  settlement: rupees(f.settlement),
  currentBalance: rupees(f.currentBalance),
  netBalance: rupees(f.netBalance),
  bucket: f.bucket,
  series: seriesInRupees(f.series),
});

/** The Dashboard and the Vendor Board (issue 13): a period's figures from the rollups. */
export const boardRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      config: { access: { resource: 'dashboard', action: 'read' } },
      schema: {
        tags: ['dashboard'],
        security,
        summary: "The Dashboard's figures over whole IST days (from, to; today when left out)",
        querystring: DashboardQuery,
        response: { 200: Data(Dashboard), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const figures = await dashboardFigures(db, request.session, { ...q, merchantCode: commaList(q.merchantCode) });
      return { data: dashboardInRupees(figures) };
    },
  );

  app.get(
    '/vendor-board',
    {
      config: { access: { resource: 'vendor-board', action: 'read' } },
      schema: {
        tags: ['vendor-board'],
        security,
        summary: "The Vendor Board's figures over whole IST days (from, to; today when left out)",
        querystring: VendorBoardQuery,
        response: { 200: Data(VendorBoard), ...errorResponses },
      },
    },
    async (request) => ({ data: vendorBoardInRupees(await vendorBoardFigures(db, request.session, request.query)) }),
  );
};
