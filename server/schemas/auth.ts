import { Type } from '@fastify/type-provider-typebox';
import { ROLES, type Role } from '../../domain/roles';
import { Data } from './common';

/** A session opened: the token and the user (SPEC §3); flagged when the password must be changed first. */
export const SignedInData = Type.Object({
  accessToken: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  user: Type.Object({
    name: Type.String(),
    role: Type.Unsafe<Role>(Type.String({ enum: [...ROLES] })),
    code: Type.Array(Type.String()),
  }),
  mustChangePassword: Type.Optional(
    Type.Literal(true, {
      description:
        'an administrator set the password: only sign-out, /me and change-password answer until it is changed',
    }),
  ),
});

/** The password was right, a second factor is needed: a code, or enrolment first. */
export const TwoFactorStepData = Type.Object({
  twoFactor: Type.Union([Type.Literal('required'), Type.Literal('enrol')]),
  challenge: Type.String({ description: 'for POST /v1/login/two-factor (and /enrol), valid for a few minutes' }),
});

export const LoginAnswer = Data(Type.Union([SignedInData, TwoFactorStepData]));

export const TwoFactorSecret = Data(
  Type.Object({
    secret: Type.String({ description: 'base32, for typing into an authenticator app' }),
    uri: Type.String({ description: 'otpauth:// URL' }),
    qr: Type.String({ description: 'the URL as a QR code, a data: URL of a PNG image' }),
  }),
);

export const CodeText = Type.String({ minLength: 6, maxLength: 40, pattern: '\\S' });
