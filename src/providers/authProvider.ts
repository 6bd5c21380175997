import type { AuthProvider } from 'react-admin';
import { homePath } from '../../domain/access';
import { menuFor } from '../../domain/menu';
import { clearStorage, readStoredSession, readUserData, storeLogin } from '../session/session';
import { TOKEN_KEY } from '../session/storageKeys';
import type { SignedIn } from '../pages/login/signIn';
import { postWithHeaders } from './http';

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
