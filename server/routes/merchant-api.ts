import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { payins } from '../db/schema';
import { notFound } from '../errors';
import { paiseToRupees } from '../../domain/money';
import { Data, ErrorBody, errorResponses } from '../schemas/common';
import { MerchantPayinBody, MerchantPayinCreated, MerchantPayinStatus, OrderParams } from '../schemas/payins';
import type { RouteSettings } from '../plugins/route-settings';
import { hashApiKey } from '../services/merchants/keys';
import { IDEMPOTENCY_HOURS, idempotencyKeyOf, onceForKey, requestHash } from '../services/common/idempotency';
import { createPayin } from '../services/payins/payin-create';
import { merchantData, type PayinRow } from '../services/payins/payin-steps';
import { merchantMoney, NO_MERCHANT_MONEY, subMerchantMoney, type MerchantMoney } from '../services/ledger/balances';
import type { Actor } from '../services/audit/audit';
import { createPayout, findOrder, payoutData } from '../services/payouts/payout-create';
import { MerchantBalanceQuery } from '../schemas/merchants';
import { MerchantBalance, MerchantPayoutBody, MerchantPayoutCreated, MerchantPayoutStatus } from '../schemas/payouts';

const tags = ['merchant-api'];
const security = [{ apiKey: [] }];
const access = { merchantApi: true } as const;
const CREATE_HEADERS = {
  type: 'object',
  properties: {
    'x-api-key': { type: 'string', description: 'your API key' },
    'idempotency-key': { type: 'string', description: 'optional, 1–255 characters' },
  },
  required: ['x-api-key'],
} as const;

/** The pay page's address: under PUBLIC_URL when set, else under the address the request came to. */
export const payUrlOf = (publicUrl: string, request: { protocol: string; host: string }, id: string) =>
  `${(publicUrl || `${request.protocol}://${request.host}`).replace(/\/$/, '')}/pay/${id}`;

const created = (row: PayinRow, payUrl: string) => ({
  id: row.id,
  merchantOrderId: row.merchantOrderId,
  status: row.status,
  amount: row.amount === null ? null : paiseToRupees(row.amount),
  payUrl,
  expiresAt: row.expiresAt.toISOString(),
});

const inRupees = (money: MerchantMoney) => ({
  balance: paiseToRupees(money.balance),
  held: paiseToRupees(money.held),
  available: paiseToRupees(money.available),
});

/** The merchants' own API (issue 10, item 2): the names here are a contract merchants code against. */
export const merchantApiRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'urls' | 'publicUrl' | 'rateLimits' | 'ttlMinutes'>
> = async (app, { db, urls, publicUrl, rateLimits, ttlMinutes }) => {
  // Counted per API key (hashed: the key itself is never kept), so one merchant cannot starve another.
  const rateLimit = {
    max: rateLimits.merchantApi,
    timeWindow: '1 minute',
    keyGenerator: (request: { headers: Record<string, unknown>; ip: string }) => {
      const key = request.headers['x-api-key'];
      return typeof key === 'string' && key ? `key:${hashApiKey(key)}` : `ip:${request.ip}`;
    },
  };

  /**
   * A create call made once per Idempotency-Key (when given): the first answer is replayed, another
   * body with the same key is refused. The merchant's API key names the actor of the audit log.
   */
  const once = async (
    request: FastifyRequest & { body: unknown },
    reply: FastifyReply,
    path: string,
    make: (actor: Actor) => Promise<{ status: number; body: unknown }>,
  ) => {
    const merchant = request.merchant;
    const answer = await onceForKey(
      db,
      merchant.id,
      idempotencyKeyOf(request.headers['idempotency-key']),
      requestHash('POST', path, request.body),
      () => make({ userName: `merchant-api:${merchant.code}`, ip: request.ip }),
    );
    return reply.status(answer.status).send(answer.body as never);
  };

  app.post(
    '/merchant-api/payins',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        security,
        summary: 'Create a pay-in and get the customer pay page URL',
        description: `Amount in rupees (at most two decimals) within your limits; left out, the customer enters it. The same merchantOrderId with the same body answers 200 with the same pay-in; with another body 409. An optional Idempotency-Key header (kept ${IDEMPOTENCY_HOURS} h) replays the first answer; another body with the same key gets 422.`,
        headers: CREATE_HEADERS,
        body: MerchantPayinBody,
        response: {
          200: Data(MerchantPayinCreated),
          201: Data(MerchantPayinCreated),
          ...errorResponses,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) =>
      once(request, reply, '/v1/merchant-api/payins', async (actor) => {
        const result = await createPayin(db, request.merchant, request.body, { urls, actor, ttlMinutes });
        return {
          status: result.created ? 201 : 200,
          body: { data: created(result.row, payUrlOf(publicUrl, request, result.row.id)) },
        };
      }),
  );

  app.get(
    '/merchant-api/payins/:merchantOrderId',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        security,
        summary: 'The status of one of your pay-ins, by your order id',
        params: OrderParams,
        response: { 200: Data(MerchantPayinStatus), ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(payins)
        .where(
          and(eq(payins.merchantId, request.merchant.id), eq(payins.merchantOrderId, request.params.merchantOrderId)),
        );
      if (!row) throw notFound('Pay-in');
      return { data: merchantData(row) };
    },
  );

  app.post(
    '/merchant-api/payouts',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        security,
        summary: 'Create a pay-out to your customer; its amount and fee are held on your balance at once',
        description: `Amount in rupees (at most two decimals) within your pay-out limits; the beneficiary is a bank account (holder in letters and spaces, account number digits, IFSC) or a UPI id. Refused with 409 INSUFFICIENT_BALANCE when your available balance does not cover the amount and its fee, and nothing is created. The same merchantOrderId with the same body answers 200 with the same pay-out; with another body 409. An optional Idempotency-Key header (kept ${IDEMPOTENCY_HOURS} h) replays the first answer; another body with the same key gets 422.`,
        headers: CREATE_HEADERS,
        body: MerchantPayoutBody,
        response: {
          200: Data(MerchantPayoutCreated),
          201: Data(MerchantPayoutCreated),
          ...errorResponses,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) =>
      once(request, reply, '/v1/merchant-api/payouts', async (actor) => {
        const result = await createPayout(db, request.merchant, request.body, { actor });
        const { id, merchantOrderId, status, amount, fee } = payoutData(result.row);
        return { status: result.created ? 201 : 200, body: { data: { id, merchantOrderId, status, amount, fee } } };
      }),
  );

  app.get(
    '/merchant-api/payouts/:merchantOrderId',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        security,
        summary: 'The status of one of your pay-outs, by your order id: UTR once paid, reason once rejected',
        params: OrderParams,
        response: { 200: Data(MerchantPayoutStatus), ...errorResponses },
      },
    },
    async (request) => {
      const row = await findOrder(db, request.merchant.id, request.params.merchantOrderId);
      if (!row) throw notFound('Pay-out');
      return { data: payoutData(row) };
    },
  );

  app.get(
    '/merchant-api/balance',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        security,
        summary: 'Your balance, what your waiting pay-outs hold, and what is available for new ones (rupees)',
        description:
          "`balance`, `held` and `available` are your own: a pay-out draws on your own available balance, so one of exactly `available` (its fee included) is taken and one a paisa above is refused. A parent merchant's sub-merchants' figures are added up apart, under `subMerchants`, unless includeSubMerchants=false.",
        querystring: MerchantBalanceQuery,
        response: { 200: Data(MerchantBalance), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.merchant;
      const [own, subs] = await Promise.all([
        merchantMoney(db, [id], { includeSubMerchants: false, within: null }),
        request.query.includeSubMerchants === false ? null : subMerchantMoney(db, id),
      ]);
      return { data: { ...inRupees(own.get(id) ?? NO_MERCHANT_MONEY), ...(subs && { subMerchants: inRupees(subs) }) } };
    },
  );
};
