import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeText, SignedInData, TwoFactorSecret } from '../schemas/auth';
import { Data, Message, errorResponses, security } from '../schemas/common';
import { beginEnrolment, twoFactorStatus } from '../services/identity/two-factor';
import { confirmEnrolment, disable } from '../services/identity/two-factor-account';
import { enrolAtSignIn, finishSignIn, signedInData } from '../services/identity/two-factor-sign-in';
import type { RouteSettings } from '../plugins/route-settings';

export type TwoFactorRouteOptions = Pick<RouteSettings, 'db' | 'auth' | 'rateLimits'>;

const RecoveryCodes = Type.Array(Type.String(), { description: 'one-time codes, shown this once' });
const Challenge = Type.String({ minLength: 1, maxLength: 2000 });

/** TOTP two-factor: the second step of signing in, and the signed-in user's own set-up. */
export const twoFactorRoutes: FastifyPluginAsyncTypebox<TwoFactorRouteOptions> = async (app, opts) => {
  const { db } = opts;
  const signIn = {
    access: { public: true } as const,
    rateLimit: { max: opts.rateLimits.auth, timeWindow: '1 minute' },
  };
  const own = { resource: 'account', action: 'update' } as const;

  app.post(
    '/login/two-factor',
    {
      config: signIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign in, second step: the code from the authenticator app, or a recovery code',
        body: Type.Object(
          { challenge: Challenge, code: CodeText, override: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: {
          200: Data(Type.Intersect([SignedInData, Type.Object({ recoveryCodes: Type.Optional(RecoveryCodes) })])),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const result = await finishSignIn(app, db, opts.auth, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const recovery = result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {};
      return { data: { ...signedInData(app, result), ...recovery } };
    },
  );

  app.post(
    '/login/two-factor/enrol',
    {
      config: signIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign in, enrolment: a new secret for the authenticator app (confirmed by /login/two-factor)',
        body: Type.Object({ challenge: Challenge }, { additionalProperties: false }),
        response: { 200: TwoFactorSecret, ...errorResponses },
      },
    },
    async (request) => ({ data: await enrolAtSignIn(app, db, request.body.challenge) }),
  );

  app.get(
    '/two-factor',
    {
      config: { access: { resource: 'account', action: 'read' } },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's two-factor sign-in",
        security,
        response: {
          200: Data(
            Type.Object({
              enabled: Type.Boolean(),
              enabledAt: Type.Union([Type.String(), Type.Null()]),
              recoveryCodesLeft: Type.Integer(),
              required: Type.Boolean({ description: 'the role must sign in with a second factor' }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await twoFactorStatus(db, request.session, opts.auth.require2faRoles ?? []) }),
  );

  app.post(
    '/two-factor/enrol',
    {
      config: { access: own },
      schema: {
        tags: ['auth'],
        summary: 'Start adding an authenticator app: its secret and QR code',
        security,
        response: { 200: TwoFactorSecret, ...errorResponses },
      },
    },
    async (request) => ({ data: await beginEnrolment(db, request.session.id) }),
  );

  app.post(
    '/two-factor/confirm',
    {
      config: { access: own, rateLimit: signIn.rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes once',
        security,
        body: Type.Object({ code: CodeText }, { additionalProperties: false }),
        response: { 200: Data(Type.Object({ recoveryCodes: RecoveryCodes })), ...errorResponses },
      },
    },
    async (request) => ({
      data: { recoveryCodes: await confirmEnrolment(db, request.session, request.body.code, request.ip) },
    }),
  );

  app.post(
    '/two-factor/disable',
    {
      config: { access: own, rateLimit: signIn.rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off: the password and a current code',
        security,
        body: Type.Object(
          { password: Type.String({ minLength: 1, maxLength: 200 }), code: CodeText },
          { additionalProperties: false },
        ),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await disable(db, opts.auth, request.session, request.body, request.ip);
      return { data: { message: 'Two-factor sign-in is off.' } };
    },
  );
};
