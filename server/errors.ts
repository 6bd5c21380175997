/** Every failure the API reports on purpose. Its message is written for a person. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  /** Seconds after which trying again may succeed: sent as Retry-After. */
  retryAfter?: number;
  /** Per-row reasons of a refused import: sent as `error.rows`. */
  rows?: { line: number; reason: string }[];
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'VALIDATION', message, field);
export const unauthorized = (message = 'Please sign in.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this screen.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found.`);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';
export const tooMany = (message = RATE_LIMITED_MESSAGE) => new AppError(429, 'RATE_LIMITED', message);

/** PostgreSQL unique violation (23505), as raised through pg. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
