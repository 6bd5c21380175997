import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as merchants from '../services/merchants/merchants';
import * as merchantStatus from '../services/merchants/merchant-status';
import * as merchantsList from '../services/merchants/merchants-list';
import type { RouteSettings } from '../plugins/route-settings';
import { EnabledBody } from '../schemas/common';
import {
  MERCHANT_SORTS,
  MerchantBody,
  MerchantDetail,
  MerchantFilters,
  MerchantRow,
  MerchantUpdate,
  MerchantView,
  MerchantWithKey,
  MoneyQuery,
} from '../schemas/merchants';
import { readRoutes } from './read-routes';
import { recordRoutes } from './record-routes';

export const merchantRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'urls'>> = async (
  app,
  { db, urls },
) => {
  await app.register(
    readRoutes({
      resource: 'merchants',
      sorts: MERCHANT_SORTS,
      defaultSort: 'createdAt',
      filters: MerchantFilters,
      row: MerchantRow,
      detail: MerchantDetail,
      csvColumns: merchantsList.MERCHANT_CSV_COLUMNS,
      list: (user, f, paging) => merchantsList.listMerchants(db, user, f, paging),
      batches: (user, f, paging) => merchantsList.exportMerchants(db, user, f, paging),
      get: (user, id, query) => merchantsList.getMerchant(db, user, id, query as MoneyQuery),
      detailQuery: MoneyQuery,
    }),
  );

  const records = recordRoutes(app, 'merchants', MerchantView);
  records.create({
    summary: 'Create a merchant; the API key is in this answer only',
    body: MerchantBody,
    view: MerchantWithKey,
    run: (c) => merchants.createMerchant(db, c.user, c.body, urls, c.ip),
  });
  records.put({
    action: 'update',
    summary: 'Edit a merchant; changing its callback or return URLs needs password confirmation',
    body: MerchantUpdate,
    run: (c) => merchants.updateMerchant(db, c.user, c.id, c.body, c.confirm, urls, c.ip),
  });
  records.put({
    path: '/enabled',
    action: 'toggle',
    confirm: 'merchant.toggle',
    summary: 'Enable or disable (password confirmation)',
    body: EnabledBody,
    run: (c) => merchantStatus.setMerchantEnabled(db, c.user, c.id, c.body.enabled, c.ip),
  });
  records.post({
    path: '/rotate-key',
    action: 'rotate',
    confirm: 'merchant.rotate-keys',
    summary: 'New API key and signing secret, shown in this answer only (password confirmation)',
    view: MerchantWithKey,
    run: (c) => merchantStatus.rotateMerchantKey(db, c.user, c.id, c.ip),
  });
  records.delete({
    action: 'delete',
    confirm: 'merchant.delete',
    summary: 'Delete a merchant without history (password confirmation)',
    run: (c) => merchantStatus.deleteMerchant(db, c.user, c.id, c.ip),
  });
};
