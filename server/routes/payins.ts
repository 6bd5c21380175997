import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, IdParams, errorResponses, security } from '../schemas/common';
import { MerchantPayinCreated, PAYIN_SORTS, PayinDetail, PayinFilters, PayinView } from '../schemas/payins';
import { UtrBody } from '../schemas/pay-page';
import { ConfirmBody, PaymentLinkBody } from '../schemas/payin-actions';
import type { RouteSettings } from '../plugins/route-settings';
import {
  confirmPayin,
  createPaymentLink,
  enterUtr,
  reopenPayin,
  resendPayinCallback,
  screenshotOf,
} from '../services/payins/payin-staff';
import { exportPayins, getPayin, listPayins, PAYIN_CSV_COLUMNS, viewPayin } from '../services/payins/payins-list';
import { openScreenshot } from '../services/payins/screenshots';
import { paiseToRupees } from '../../domain/money';
import { payUrlOf } from './merchant-api';
import { readRoutes } from './read-routes';
import { recordRoutes } from './record-routes';

const tags = ['payins'];
const resource = 'payins';
const correct = { resource, action: 'correct' } as const;
const ok = { 200: Data(PayinView), ...errorResponses };

/** Staff's side of deposits (issue 10, items 6 and 8): the four Deposit lists and the corrections. */
export const payinRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'urls' | 'publicUrl' | 'ttlMinutes'>
> = async (app, { db, urls, publicUrl, ttlMinutes }) => {
  await app.register(
    readRoutes({
      resource,
      sorts: PAYIN_SORTS,
      defaultSort: 'createdAt',
      filters: PayinFilters,
      row: PayinView,
      detail: PayinDetail,
      csvColumns: PAYIN_CSV_COLUMNS,
      list: (user, f, paging) => listPayins(db, user, f, paging),
      batches: (user, f, paging) => exportPayins(db, user, f, paging),
      get: (user, id) => getPayin(db, user, id),
    }),
  );
  const view = (user: Parameters<typeof getPayin>[1], id: string) => viewPayin(db, user, id);

  app.post(
    '/payins/:id/confirm',
    {
      config: { access: correct, confirm: 'payin.confirm' },
      schema: {
        tags,
        security,
        summary:
          'Set a DISPUTE, DUPLICATE, PENDING or IMG_PENDING pay-in to SUCCESS with the confirmed amount (password confirmation)',
        params: IdParams,
        body: ConfirmBody,
        response: {
          ...ok,
          202: Data(
            Type.Object({ ...PayinView.properties, awaitingChecker: Type.String({ description: 'the maker' }) }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { row, awaitingChecker } = await confirmPayin(
        db,
        request.session,
        request.params.id,
        request.body,
        request.ip,
      );
      const data = await view(request.session, row.id);
      if (awaitingChecker) return reply.code(202).send({ data: { ...data, awaitingChecker } });
      return { data };
    },
  );

  const records = recordRoutes(app, resource, PayinView);
  records.post({
    path: '/reopen',
    action: 'correct',
    summary: 'Set a DROPPED pay-in back to INITIATED with a fresh link',
    run: async (c) => view(c.user, (await reopenPayin(db, c.user, c.id, c.ip, ttlMinutes)).id),
  });
  records.post({
    path: '/utr',
    action: 'correct',
    summary: "Enter the UTR read from an IMG_PENDING pay-in's screenshot; it is matched as the customer's would be",
    body: UtrBody,
    run: async (c) => view(c.user, (await enterUtr(db, c.user, c.id, c.body.utr, c.ip)).id),
  });
  records.post({
    path: '/callbacks',
    action: 'correct',
    summary: "Send the pay-in's latest callback to its merchant again",
    run: async (c) => view(c.user, (await resendPayinCallback(db, c.user, c.id, c.ip)).id),
  });

  app.get(
    '/payins/:id/screenshot',
    {
      config: { access: correct },
      schema: { tags, security, summary: "The customer's screenshot of an IMG_PENDING pay-in", params: IdParams },
    },
    async (request, reply) => {
      await screenshotOf(db, request.session, request.params.id);
      const file = await openScreenshot(db, request.params.id);
      // Streamed from the database a slice at a time; API answers are never stored (no-store).
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .send(file.stream());
    },
  );

  app.post(
    '/payins/links',
    {
      config: { access: { resource, action: 'create' } },
      schema: {
        tags,
        security,
        summary: "Create a payment link for a merchant (the merchant's API key never reaches the browser)",
        body: PaymentLinkBody,
        response: { 201: Data(MerchantPayinCreated), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await createPaymentLink(db, request.session, request.body, { urls, ttlMinutes, ip: request.ip });
      return reply.status(201).send({
        data: {
          id: row.id,
          merchantOrderId: row.merchantOrderId,
          status: row.status,
          amount: row.amount === null ? null : paiseToRupees(row.amount),
          payUrl: payUrlOf(publicUrl, request, row.id),
          expiresAt: row.expiresAt.toISOString(),
        },
      });
    },
  );
};
