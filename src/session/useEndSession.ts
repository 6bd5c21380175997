import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from 'react-admin';
import { useToasts } from '../notifications';
import { clearStorage } from './session';
import { TOKEN_KEY } from './storageKeys';

/**
 * SPEC §8: an HTTP 401 shows an error notification titled with the code, clears local storage
 * and sends the user to /. Runs once per ended session, whichever call noticed it first.
 */
export const useEndSession = () => {
  const toasts = useToasts();
  const navigate = useNavigate();
  const logout = useLogout();
  return useCallback(
    (error: { status?: number; message: string }) => {
      if (!localStorage.getItem(TOKEN_KEY)) return;
      toasts.error(String(error.status ?? 401), error.message);
      clearStorage();
      // With the token gone, logout only empties react-admin's store and query cache.
      void logout({}, false);
      navigate('/', { replace: true });
    },
    [toasts, navigate, logout],
  );
};

/** The top bar's logout: revokes the session, clears local storage, returns to /. */
export const useSignOut = () => {
  const logout = useLogout();
  return useCallback(() => logout({}, '/', false), [logout]);
};
