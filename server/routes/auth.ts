import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { ROLES, type Role } from '../../domain/roles';
import { Data, Message, RequiredText, errorResponses } from '../schemas/common';
import * as auth from '../services/auth';

export interface AuthRouteOptions {
  db: Db;
  auth: auth.AuthOptions;
  rateLimitPerMinute: number;
  /** Where a reset link is delivered (the server log when no mail transport is configured). */
  deliverResetLink: (userName: string, token: string) => void;
}

const Credentials = Type.Object({
  userName: RequiredText(100),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  override: Type.Optional(Type.Boolean()),
});

const LoginResult = Data(
  Type.Object({
    accessToken: Type.String(),
    expiresAt: Type.String({ format: 'date-time' }),
    user: Type.Object({
      name: Type.String(),
      role: Type.Unsafe<Role>(Type.String({ enum: [...ROLES] })),
      code: Type.Array(Type.String()),
    }),
  }),
);

export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, opts) => {
  const { db } = opts;
  const limited = { public: true } as const;
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/login',
    {
      config: { access: limited, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: Credentials,
        response: { 200: LoginResult, ...errorResponses },
      },
    },
    async (request) => {
      const result = await auth.login(db, opts.auth, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const accessToken = app.jwt.sign(result.claims);
      return { data: { accessToken, expiresAt: result.expiresAt.toISOString(), user: result.user } };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: { resource: 'account', action: 'update' } },
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
      config: { access: { resource: 'account', action: 'read' } },
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
      config: { access: { resource: 'account', action: 'update' }, rateLimit },
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
      await auth.changePassword(
        db,
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
      const created = await auth.requestPasswordReset(db, opts.auth, request.body.userName, request.ip);
      if (created) opts.deliverResetLink(created.userName, created.token);
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
      await auth.resetPassword(db, request.body.token, request.body.password, request.ip);
      return { data: { message: 'Your password has been changed. Please sign in.' } };
    },
  );
};
