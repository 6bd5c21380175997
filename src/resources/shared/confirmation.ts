import type { ConfirmationKind } from '../../../domain/confirmations';
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

/** One confirmation per kind: the server refuses it for any other. */
const held = new Map<ConfirmationKind, Held>();

const currentToken = () => localStorage.getItem(TOKEN_KEY);

/** The headers of a confirmation for this kind still fresh for this session, or null. */
export const heldConfirmation = (kind: ConfirmationKind, now = Date.now()): ConfirmationHeaders | null => {
  const one = held.get(kind);
  return one && one.until > now && one.token === currentToken() ? { [CONFIRMATION_HEADER]: one.confirmation } : null;
};

/** Forgets the confirmation of one kind, or of every kind. */
export const forgetConfirmation = (kind?: ConfirmationKind) => {
  if (kind) held.delete(kind);
  else held.clear();
};

/** POST /v1/confirmations with the password and the kind of action; keeps the answer for reuse. */
export const requestConfirmation = async (
  password: string,
  kind: ConfirmationKind,
): Promise<{ headers: ConfirmationHeaders } | { error: ApiError }> => {
  const result = await post<{ data: { confirmation: string } }>('/confirmations', { password, action: kind });
  if (result.error) return { error: result.error };
  const { confirmation } = result.data.data;
  held.set(kind, { confirmation, token: currentToken(), until: Date.now() + CONFIRMATION_REUSE_MS });
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
