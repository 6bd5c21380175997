import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import { Data, IdParams, errorResponses, security } from '../schemas/common';
import {
  ApproveSettlementBody,
  RejectSettlementBody,
  SettlementView,
  VendorSettlementView,
} from '../schemas/settlements';
import type { RouteSettings } from '../plugins/route-settings';
import type { SessionUser } from '../services/common/session-user';
import type { ConfirmationKind } from '../../domain/confirmations';
import { approveSettlement, rejectSettlement, resetSettlement } from '../services/settlements/settlements';
import {
  approveVendorSettlement,
  rejectVendorSettlement,
  resetVendorSettlement,
} from '../services/settlements/vendor-settlements';
import { getSettlement } from '../services/settlements/settlements-list';
import { getVendorSettlement } from '../services/settlements/vendor-settlements-list';

/** A show view's row alone: what an action answers (here, and the create routes of both settlements). */
export const withoutHistory = <T extends { timeline: unknown; journal: unknown }>({
  timeline: _t,
  journal: _j,
  ...row
}: T) => row;

type Moves = {
  approve: (
    user: SessionUser,
    id: string,
    body: { reference?: string },
    ip: string,
  ) => Promise<{ row: { id: string }; awaitingChecker: string | null }>;
  reject: (user: SessionUser, id: string, body: { reason: string }, ip: string) => Promise<{ id: string }>;
  reset: (user: SessionUser, id: string, ip: string) => Promise<{ id: string }>;
  /** The row as the list shows it, without its history. */
  view: (user: SessionUser, id: string) => Promise<Static<typeof SettlementView> | Static<typeof VendorSettlementView>>;
};

/**
 * The three transitions of a settlement (domain/settlement), the same names under both paths:
 * `/{resource}/{id}/approve` with `{ reference }` (password; four eyes), `/reject` with `{ reason }`,
 * `/reset` (ADMIN, password).
 */
const transitionRoutes =
  (
    resource: 'settlements' | 'vendor-settlements',
    view: typeof SettlementView | typeof VendorSettlementView,
    confirm: { approve: ConfirmationKind; reset: ConfirmationKind },
    moves: Moves,
  ): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = [resource];
    const ok = { 200: Data(view), ...errorResponses };
    const waiting = Data(
      Type.Object({
        ...view.properties,
        awaitingChecker: Type.String({ description: 'the maker, awaiting a checker' }),
      }),
    );
    const answer = async (user: SessionUser, id: string) => ({ data: await moves.view(user, id) });
    app.post(
      `/${resource}/:id/approve`,
      {
        config: { access: { resource, action: 'approve' }, confirm: confirm.approve },
        schema: {
          tags,
          security,
          summary:
            "Paid (password confirmed): SUCCESS with its reference (BANK and internal transfers: the UTR; other methods: optional); a merchant settlement's hold is posted. Never by the staff user who created it (403 SAME_PERSON); above the checker threshold the first call answers 202 `awaitingChecker` and another person's same call pays it",
          params: IdParams,
          body: ApproveSettlementBody,
          response: { ...ok, 202: waiting },
        },
      },
      async (request, reply) => {
        const { row, awaitingChecker } = await moves.approve(
          request.session,
          request.params.id,
          request.body,
          request.ip,
        );
        const answered = await answer(request.session, row.id);
        if (awaitingChecker) return reply.code(202).send({ data: { ...answered.data, awaitingChecker } });
        return answered;
      },
    );
    app.post(
      `/${resource}/:id/reject`,
      {
        config: { access: { resource, action: 'reject' } },
        schema: {
          tags,
          security,
          summary: "Not paid: REJECTED with the reason; a merchant settlement's hold is released",
          params: IdParams,
          body: RejectSettlementBody,
          response: ok,
        },
      },
      async (request) => {
        const row = await moves.reject(request.session, request.params.id, request.body, request.ip);
        return answer(request.session, row.id);
      },
    );
    app.post(
      `/${resource}/:id/reset`,
      {
        config: { access: { resource, action: 'reset' }, confirm: confirm.reset },
        schema: {
          tags,
          security,
          summary:
            'ADMIN, password confirmed: a SUCCESS or REJECTED settlement back to INITIATED, what it posted reversed (an internal transfer frees its bank entry); a merchant settlement is held again (409 INSUFFICIENT_BALANCE)',
          params: IdParams,
          response: ok,
        },
      },
      async (request) => {
        const row = await moves.reset(request.session, request.params.id, request.ip);
        return answer(request.session, row.id);
      },
    );
  };

/**
 * Settlements' and vendor settlements' approve, reject and reset (issue 12), registered after the
 * list, show and create routes of both (settlements.ts, vendor-settlements.ts) and of liens.ts.
 */
export const settlementTransitionRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'checkerThresholdPaise'>
> = async (app, { db, checkerThresholdPaise }) => {
  await app.register(
    transitionRoutes(
      'settlements',
      SettlementView,
      { approve: 'settlement.approve', reset: 'settlement.reset' },
      {
        approve: (user, id, body, ip) => approveSettlement(db, user, id, body, { checkerThresholdPaise, ip }),
        reject: (user, id, body, ip) => rejectSettlement(db, user, id, body, ip),
        reset: (user, id, ip) => resetSettlement(db, user, id, ip),
        view: async (user, id) => withoutHistory(await getSettlement(db, user, id)),
      },
    ),
  );
  await app.register(
    transitionRoutes(
      'vendor-settlements',
      VendorSettlementView,
      { approve: 'vendor-settlement.approve', reset: 'vendor-settlement.reset' },
      {
        approve: (user, id, body, ip) => approveVendorSettlement(db, user, id, body, { checkerThresholdPaise, ip }),
        reject: (user, id, body, ip) => rejectVendorSettlement(db, user, id, body, ip),
        reset: (user, id, ip) => resetVendorSettlement(db, user, id, ip),
        view: async (user, id) => withoutHistory(await getVendorSettlement(db, user, id)),
      },
    ),
  );
};
