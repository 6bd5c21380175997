import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, IdParams, errorResponses, security } from '../schemas/common';
import {
  ApproveSettlementBody,
  RejectSettlementBody,
  SettlementView,
  VendorSettlementView,
} from '../schemas/settlements';
import type { RouteSettings } from '../plugins/route-settings';
import type { ConfirmationKind } from '../../domain/confirmations';
import { settlementMovesAnswered } from '../services/settlements/settlements-list';
import { vendorSettlementMovesAnswered } from '../services/settlements/vendor-settlements-list';

/** A row without its history, of either kind (distributed: a union keeps each kind's own fields). */
type WithoutHistory<T> = T extends unknown ? Omit<T, 'timeline' | 'journal'> : never;

/** A show view's row alone: what an action answers (here, and the create routes of both settlements). */
export const withoutHistory = <T extends { timeline: unknown; journal: unknown }>({
  timeline: _t,
  journal: _j,
  ...row
}: T) => row as WithoutHistory<T>;

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
    moves: typeof settlementMovesAnswered | typeof vendorSettlementMovesAnswered,
    { db, checkerThresholdPaise }: Pick<RouteSettings, 'db' | 'checkerThresholdPaise'>,
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
        const { row, awaitingChecker } = await moves.approve(db, request.session, request.params.id, request.body, {
          checkerThresholdPaise,
          ip: request.ip,
        });
        const data = withoutHistory(row);
        if (awaitingChecker) return reply.code(202).send({ data: { ...data, awaitingChecker } });
        return { data };
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
        const row = await moves.reject(db, request.session, request.params.id, request.body, request.ip);
        return { data: withoutHistory(row) };
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
        return { data: withoutHistory(await moves.reset(db, request.session, request.params.id, request.ip)) };
      },
    );
  };

/**
 * Settlements' and vendor settlements' approve, reject and reset (issue 12), registered after the
 * list, show and create routes of both (settlements.ts, vendor-settlements.ts) and of liens.ts.
 */
export const settlementTransitionRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'checkerThresholdPaise'>
> = async (app, settings) => {
  await app.register(
    transitionRoutes(
      'settlements',
      SettlementView,
      { approve: 'settlement.approve', reset: 'settlement.reset' },
      settlementMovesAnswered,
      settings,
    ),
  );
  await app.register(
    transitionRoutes(
      'vendor-settlements',
      VendorSettlementView,
      { approve: 'vendor-settlement.approve', reset: 'vendor-settlement.reset' },
      vendorSettlementMovesAnswered,
      settings,
    ),
  );
};
