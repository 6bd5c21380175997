import { post, type ApiError } from '../../providers/http';
import { TOKEN_KEY } from '../../session/storageKeys';

/** The server grants a confirmation for five minutes; the page reuses it for four, so it never sends a stale one. */
export const CONFIRMATION_REUSE_MS = 4 * 60_000;
export const CONFIRMATION_HEADER = 'x-confirmation';
export const CONFIRMATION_REQUIRED = 'CONFIRMATION_REQUIRED';

export type ConfirmationHeaders = Record<string, string>;

interface Held {
  confirmation: string;
  /** The session it was granted to: a new sign-in never reuses it. */
  token: string | null;
  until: number;
}

let held: Held | null = null;

const currentToken = () => localStorage.getItem(TOKEN_KEY);

/** The headers of a confirmation still fresh for this session, or null. */
export const heldConfirmation = (now = Date.now()): ConfirmationHeaders | null =>
  held && held.until > now && held.token === currentToken() ? { [CONFIRMATION_HEADER]: held.confirmation } : null;

export const forgetConfirmation = () => {
  held = null;
};

/** POST /v1/confirmations with the password; keeps the answer for reuse. */
export const requestConfirmation = async (
  password: string,
): Promise<{ headers: ConfirmationHeaders } | { error: ApiError }> => {
  const result = await post<{ data: { confirmation: string } }>('/confirmations', { password });
  if (result.error) return { error: result.error };
  const { confirmation } = result.data.data;
  held = { confirmation, token: currentToken(), until: Date.now() + CONFIRMATION_REUSE_MS };
  return { headers: { [CONFIRMATION_HEADER]: confirmation } };
};

/** The code of a failure, whether it is an ApiError or the HttpError react-admin throws with one as its body. */
export const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, body } = error as { code?: unknown; body?: { code?: unknown } };
  if (typeof code === 'string') return code;
  return typeof body?.code === 'string' ? body.code : undefined;
};

/** A failed call as a thrown error that keeps the server's message, status, code and field. */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
  get code() {
    return this.error.code;
  }
  get status() {
    return this.error.status;
  }
}

/** The data of a successful call; throws ApiFailure otherwise, for actions run under a confirmation. */
export const ensureOk = <T>(result: { data: T; error: null } | { data: null; error: ApiError }): T => {
  if (result.error) throw new ApiFailure(result.error);
  return result.data;
};
