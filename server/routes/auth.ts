import cookie from '@fastify/cookie';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, Message, RequiredText, errorResponses } from '../schemas/common';
import { LoginAnswer } from '../schemas/auth';
import * as auth from '../services/identity/auth';
import * as passwordChanges from '../services/identity/password-changes';
import { rememberDevice, trustedDevice } from '../services/identity/devices';
import { signChallenge } from '../services/identity/two-factor';
import { signedInData } from '../services/identity/two-factor-sign-in';
import type { RouteSettings } from '../plugins/route-settings';

export type AuthRouteOptions = Pick<RouteSettings, 'db' | 'auth' | 'rateLimits' | 'deliverResetLink'>;

const Credentials = Type.Object({
  userName: RequiredText(100),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  override: Type.Optional(Type.Boolean()),
});

/** Open while an administrator-set password waits to be changed (see plugins/auth). */
const duringPasswordChange = true;

export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, opts) => {
  const { db } = opts;
  // Cookies carry only the device token of services/identity/devices.ts, sent only to /v1/login;
  // nothing signs in by cookie. Registered here, its two hooks pass no other request.
  await app.register(cookie);
  const limited = { public: true } as const;
  const rateLimit = { max: opts.rateLimits.auth, timeWindow: '1 minute' };

  app.post(
    '/login',
    {
      config: { access: limited, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in: a session, or the second factor it still needs (POST /v1/login/two-factor)',
        body: Credentials,
        response: { 200: LoginAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await auth.login(db, opts.auth, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        trustedDevice: trustedDevice(app, request, request.body.userName),
      });
      // The password was right: this browser's later sign-ins of this user go first.
      rememberDevice(app, reply, request.body.userName);
      if ('twoFactor' in result)
        return {
          data: { twoFactor: result.twoFactor, challenge: signChallenge(app, result.userId, result.twoFactor) },
        };
      return { data: signedInData(app, result) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: { resource: 'account', action: 'update' }, duringPasswordChange },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes this token',
        security: [{ bearer: [] }],
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await auth.logout(db, request.session, request.ip);
      return { data: { message: 'Signed out.' } };
    },
  );

  app.get(
    '/me',
    {
      config: { access: { resource: 'account', action: 'read' }, duringPasswordChange },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: {
          200: Data(
            Type.Object({
              id: Type.String(),
              userName: Type.String(),
              role: Type.String(),
              code: Type.Array(Type.String()),
              vendorCode: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const s = request.session;
      return {
        data: { id: s.id, userName: s.userName, role: s.role, code: s.merchantCodes, vendorCode: s.vendorCode },
      };
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: { resource: 'account', action: 'update' }, rateLimit, duringPasswordChange },
      schema: {
        tags: ['auth'],
        summary: 'Change own password: ends every session of the user',
        security: [{ bearer: [] }],
        body: Type.Object({
          currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
          newPassword: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await passwordChanges.changePassword(
        db,
        opts.auth,
        request.session,
        request.body.currentPassword,
        request.body.newPassword,
        request.ip,
      );
      return { data: { message: 'Password changed. Please sign in again.' } };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: limited, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link',
        body: Type.Object({ userName: RequiredText(100) }),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      // The answer does not wait for the work, so known and unknown names take the same time.
      const { log, ip } = request;
      passwordChanges
        .requestPasswordReset(db, opts.auth, request.body.userName, ip)
        .then((created) => created && opts.deliverResetLink(created.userName, created.token))
        .catch((error: unknown) => log.error({ err: error }, 'password reset request failed'));
      return { data: { message: 'If that account exists, a password reset link has been sent.' } };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: limited, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: Type.Object({ token: RequiredText(200), password: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await passwordChanges.resetPassword(db, request.body.token, request.body.password, request.ip);
      return { data: { message: 'Your password has been changed. Please sign in.' } };
    },
  );
};
