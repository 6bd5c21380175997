import type { ConfirmationKind } from '../../../domain/confirmations';
import { post, type ApiError } from '../../providers/http';

export const CONFIRMATION_HEADER = 'x-confirmation';
export const CONFIRMATION_REQUIRED = 'CONFIRMATION_REQUIRED';

export type ConfirmationHeaders = Record<string, string>;

/**
 * POST /v1/confirmations with the password, the kind of action and, when known, the record it is
 * for. The answer serves one request only, so it is never kept.
 */
export const requestConfirmation = async (
  password: string,
  kind: ConfirmationKind,
  recordId?: string,
): Promise<{ headers: ConfirmationHeaders } | { error: ApiError }> => {
  const body = { password, action: kind, ...(recordId !== undefined && { recordId }) };
  const result = await post<{ data: { confirmation: string } }>('/confirmations', body);
  if (result.error) return { error: result.error };
  return { headers: { [CONFIRMATION_HEADER]: result.data.data.confirmation } };
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
