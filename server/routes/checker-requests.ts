import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHECKED_ACTIONS } from '../../domain/four-eyes';
import { ROLES } from '../../domain/roles';
import { badRequest } from '../errors';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, enumOf, errorResponses, security } from '../schemas/common';
import { declineRequests, listQueue } from '../services/audit/checker-queue';
import { actorOf } from '../services/payouts/payout-staff';
import { approveQueued } from '../services/payouts/payout-queue';

const tags = ['checker-requests'];
const resource = 'checker-requests';
const ENTITIES = ['payins', 'payouts', 'settlements', 'vendor-settlements', 'bank-entries'] as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const NText = Nullable(Type.String());
const NNumber = Type.Union([Type.Number(), Type.Null()]);

const Beneficiary = Type.Object({
  accountHolder: NText,
  accountNumber: NText,
  ifsc: NText,
  bankName: NText,
  upiId: NText,
});

const QueuedRequest = Type.Object({
  id: Type.String({ description: 'entity/entityId' }),
  entity: enumOf(ENTITIES),
  entityId: Type.String({ format: 'uuid' }),
  action: enumOf(CHECKED_ACTIONS),
  maker: Type.String(),
  makerRole: enumOf(ROLES),
  askedAt: Type.String({ format: 'date-time' }),
  mine: Type.Boolean({ description: 'the caller is the maker: only another person may check it' }),
  entries: Type.Object({
    method: NText,
    utr: NText,
    bankAccountId: NText,
    payingBank: Type.Union([Type.String(), Type.Null()], { description: "the paying account's nickname" }),
    confirmedAmount: NNumber,
    reference: NText,
    reason: NText,
  }),
  record: Type.Union([
    Type.Object({
      name: Type.String(),
      status: Type.String(),
      amount: Type.Number({ description: 'rupees' }),
      party: NText,
      beneficiary: Type.Union([Beneficiary, Type.Null()]),
    }),
    Type.Null(),
  ]),
});

const QueueQuery = Type.Object(
  {
    scope: Type.Optional(enumOf(['others', 'mine', 'all'] as const, 'others (default): waiting for me')),
    entity: Type.Optional(enumOf(ENTITIES)),
    entityId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

const Item = Type.Object({ entity: enumOf(ENTITIES), entityId: Type.String({ format: 'uuid' }) });
const Items = Type.Array(Item, { minItems: 1, maxItems: 100 });

/** Issue 31, item 2: the checker's queue, its approvals of pay-outs without retyping, and its refusals. */
export const checkerRequestRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'checkerThresholdPaise' | 'eko'>
> = async (app, { db, checkerThresholdPaise, eko }) => {
  app.get(
    '/checker-requests',
    {
      config: { access: { resource, action: 'read' } },
      schema: {
        tags,
        security,
        summary:
          "The makers' requests waiting for a checker that the caller may check (scope=others, the default), its own (mine), or both, newest first, with each record's amount, beneficiary and the maker's entries",
        querystring: QueueQuery,
        response: {
          200: Type.Object({ data: Type.Array(QueuedRequest), total: Type.Integer() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const data = await listQueue(db, request.session, request.query);
      return { data, total: data.length };
    },
  );

  app.post(
    '/checker-requests/approve',
    {
      config: { access: { resource, action: 'approve' } },
      schema: {
        tags,
        security,
        summary:
          "Approve makers' pay-out requests (approve or reverse) with the maker's own entries: each is the pay-out's own call, in its own transaction, with its own answer",
        body: Type.Object({ items: Items }, { additionalProperties: false }),
        response: {
          200: Data(
            Type.Object({
              results: Type.Array(
                Type.Object({
                  id: Type.String(),
                  ok: Type.Boolean(),
                  status: Type.Optional(Type.String()),
                  awaitingChecker: Type.Optional(Type.Union([Type.String(), Type.Null()])),
                  error: Type.Optional(Type.String()),
                }),
              ),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { items } = request.body;
      if (items.some((i) => i.entity !== 'payouts'))
        throw badRequest('Only pay-outs are approved from the queue; open the record to approve the others.', 'items');
      const ids = items.map((i) => i.entityId);
      const results = await approveQueued(db, request.session, ids, { checkerThresholdPaise, ip: request.ip, eko });
      return { data: { results } };
    },
  );

  app.post(
    '/checker-requests/decline',
    {
      config: { access: { resource, action: 'reject' } },
      schema: {
        tags,
        security,
        summary:
          "Turn makers' requests down with one remark: each request ends, its record unchanged, audited with the remark; all or none",
        body: Type.Object(
          { items: Items, remark: Type.String({ minLength: 1, maxLength: 300 }) },
          { additionalProperties: false },
        ),
        response: { 200: Data(Type.Object({ declined: Type.Array(Type.String()) })), ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        declined: await declineRequests(
          db,
          request.session,
          request.body.items,
          request.body.remark,
          actorOf(request.session, request.ip),
        ),
      },
    }),
  );
};
