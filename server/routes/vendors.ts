import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as vendors from '../services/vendors/vendors';
import { EnabledBody } from '../schemas/common';
import { VENDOR_SORTS, VendorBody, VendorFilters, VendorUpdate, VendorView, VendorWithMoney } from '../schemas/vendors';
import { readRoutes } from './read-routes';
import { recordRoutes } from './record-routes';

export const vendorRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource: 'vendors',
      sorts: VENDOR_SORTS,
      defaultSort: 'createdAt',
      filters: VendorFilters,
      row: VendorWithMoney,
      detail: VendorWithMoney,
      csvColumns: vendors.VENDOR_CSV_COLUMNS,
      list: (user, f, paging) => vendors.listVendors(db, user, f, paging),
      batches: (user, f, paging) => vendors.exportVendors(db, user, f, paging),
      get: (user, id) => vendors.getVendor(db, user, id),
    }),
  );

  const records = recordRoutes(app, 'vendors', VendorView);
  records.create({
    summary: 'Create a vendor',
    body: VendorBody,
    run: (c) => vendors.createVendor(db, c.user, c.body, c.ip),
  });
  records.put({
    action: 'update',
    summary: 'Edit a vendor',
    body: VendorUpdate,
    run: (c) => vendors.updateVendor(db, c.user, c.id, c.body, c.ip),
  });
  records.put({
    path: '/enabled',
    action: 'toggle',
    confirm: 'vendor.toggle',
    summary: 'Enable or disable (password confirmation)',
    body: EnabledBody,
    run: (c) => vendors.setVendorEnabled(db, c.user, c.id, c.body.enabled, c.ip),
  });
};
