import { HttpError, type AuthProvider } from 'react-admin';
import { homePath } from '../../domain/access';
import { menuFor } from '../../domain/menu';
import type { Role } from '../../domain/roles';
import { clearStorage, readStoredSession, readUserData, storeLogin } from '../session/session';
import { TOKEN_KEY } from '../session/storageKeys';
import { postWithHeaders, type ApiError } from './http';

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

export const authProvider: AuthProvider = {
  /** The last step of the login screen's sign-in (pages/login): keeps the session and goes home. */
  login: async ({ accessToken, user }: SignedIn) => {
    storeLogin(accessToken, user);
    return { redirectTo: homePath(user.role) };
  },

  /** Revokes the session on the server, then clears local storage (SPEC §2). */
  logout: async () => {
    const token = localStorage.getItem(TOKEN_KEY);
    // The token goes as an explicit header so that an already ended session does not count as a new 401.
    if (token) await postWithHeaders('/logout', {}, { Authorization: `Bearer ${token}` });
    clearStorage();
    return '/';
  },

  checkAuth: async () => {
    if (!readStoredSession()) throw { redirectTo: '/', message: false };
  },

  // A 401 is handled once for the whole shell (see useEndSession); other errors are the screen's to show.
  checkError: async () => undefined,

  getIdentity: async () => {
    const session = readStoredSession();
    if (!session) throw new Error('Not signed in');
    return { id: session.userId, fullName: readUserData()?.name || session.userName };
  },

  /** The role's menu table (SPEC §6): what the sidebar shows and the screens the role may use. */
  getPermissions: async () => {
    const session = readStoredSession();
    return session ? menuFor(session.role) : [];
  },
};
