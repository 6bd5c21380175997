import { HttpError } from 'react-admin';
import type { Role } from '../../../domain/roles';
import { post, postWithHeaders, type ApiError } from '../../providers/exchange';
import type { Enrolment } from '../../account/twoFactor';

export interface Credentials {
  userName: string;
  password: string;
  /** Ends a session the user has open elsewhere (the 409 prompt). */
  override?: boolean;
}

/** A sign-in that opened a session (POST /v1/login, or its second step). */
export interface SignedIn {
  accessToken: string;
  expiresAt: string;
  user: { name: string; role: Role; code: string[] };
  /** An administrator set the password: the login screen asks for a new one before storing the session. */
  mustChangePassword?: true;
  /** After enrolling in two-factor at sign-in: shown once. */
  recoveryCodes?: string[];
}

/** The failure of a call, thrown the way react-admin expects: message, status, and the error as body. */
export const toHttpError = (error: ApiError) => new HttpError(error.message, error.status ?? 0, error);

export const isSignedInElsewhere = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && (error.body as ApiError | undefined)?.code === 'SESSION_EXISTS';

/** What a sign-in step answers: a session, or the second factor still needed. */
export type SignInAnswer = SignedIn | { twoFactor: 'required' | 'enrol'; challenge: string };

export const isSignedIn = (answer: SignInAnswer): answer is SignedIn => 'accessToken' in answer;

const overriding = (override?: boolean) => (override ? { override: true } : {});

/** The steps of signing in (SPEC §2: all on the login screen), each throwing the server's error as an HttpError. */
export const signInSteps = {
  password: async ({ userName, password, override }: Credentials) => {
    const result = await post<{ data: SignInAnswer }>('/login', { userName, password, ...overriding(override) });
    if (result.error) throw toHttpError(result.error);
    return result.data.data;
  },

  code: async (challenge: string, code: string, override?: boolean) => {
    const result = await post<{ data: SignedIn }>('/login/two-factor', { challenge, code, ...overriding(override) });
    if (result.error) throw toHttpError(result.error);
    return result.data.data;
  },

  enrol: async (challenge: string) => {
    const result = await post<{ data: Enrolment }>('/login/two-factor/enrol', { challenge });
    if (result.error) throw toHttpError(result.error);
    return result.data.data;
  },

  /** With the new session's token, before it is stored: the change ends that session. */
  changePassword: async (accessToken: string, currentPassword: string, newPassword: string) => {
    const result = await postWithHeaders(
      '/change-password',
      { currentPassword, newPassword },
      { Authorization: `Bearer ${accessToken}` },
    );
    if (result.error) throw toHttpError(result.error);
  },
};
