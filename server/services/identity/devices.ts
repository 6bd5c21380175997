import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device tokens: after a right password, the browser gets a long-lived signed cookie naming the
 * user. A later sign-in of that user from that browser has its password checked in the hashing
 * lane that goes first (services/identity/passwords.ts), so a flood of strangers' sign-ins cannot starve
 * real users. The cookie proves nothing else: it signs nobody in and is sent only to /v1/login.
 */
export const DEVICE_COOKIE = 'pgc_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

interface DeviceClaims {
  /** 'device': never accepted as an access, confirmation or challenge token. */
  typ: 'device';
  sub: string;
}

const subjectOf = (userName: string) => userName.trim().toLowerCase();

/** Is the request's device token one this server gave to a browser that signed this user in? */
export const trustedDevice = (app: FastifyInstance, request: FastifyRequest, userName: string): boolean => {
  const token = request.cookies?.[DEVICE_COOKIE];
  if (!token) return false;
  try {
    const claims = app.jwt.verify<DeviceClaims>(token);
    return claims.typ === 'device' && claims.sub === subjectOf(userName);
  } catch {
    return false;
  }
};

/** Gives this browser a device token for the user whose password it just typed right. */
export const rememberDevice = (app: FastifyInstance, reply: FastifyReply, userName: string) => {
  const claims: DeviceClaims = { typ: 'device', sub: subjectOf(userName) };
  const token = app.jwt.sign(claims as never, { expiresIn: DEVICE_TTL_SECONDS });
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/v1/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: DEVICE_TTL_SECONDS,
  });
};
