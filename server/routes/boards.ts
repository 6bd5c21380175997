import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { commaList } from '../services/common/lists';
import { paiseToRupees } from '../../domain/money';
import { Data, errorResponses, security } from '../schemas/common';
import { Dashboard, DashboardQuery, VendorBoard, VendorBoardQuery } from '../schemas/boards';
import { dashboardFigures } from '../services/reports/boards';
import { vendorBoardFigures } from '../services/reports/vendor-board';

/** Paise to rupees through a figure, leaving counts, rates, seconds and labels as they are. */
const rupeesOf = <T>(value: T, key = ''): T => {
  if (typeof value === 'number')
    return (['count', 'current', 'previous'].includes(key) ? value : paiseToRupees(value)) as T;
  if (Array.isArray(value)) return value.map((v) => rupeesOf(v)) as T;
  if (value && typeof value === 'object') {
    if ('current' in value) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rupeesOf(v, k)])) as T;
  }
  return value;
};

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
      return { data: rupeesOf(figures) };
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
    async (request) => ({ data: rupeesOf(await vendorBoardFigures(db, request.session, request.query)) }),
  );
};
