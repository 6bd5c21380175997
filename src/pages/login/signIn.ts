import { post, postWithHeaders } from '../../providers/http';
import { toHttpError, type Credentials, type SignedIn } from '../../providers/authProvider';
import type { Enrolment } from '../../account/twoFactor';

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
