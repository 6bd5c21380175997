import { useEffect, useReducer, type ReactNode } from 'react';
import { FullScreenSpinner } from '../layout/FullScreenSpinner';
import { preferences } from './preferencesStore';
import { useSession } from './SessionProvider';

/**
 * Holds the console back until the signed-in user's preferences are in the store (issue 31,
 * item 10): the lists open at the user's page size and columns, in the user's theme and language,
 * instead of the defaults for a moment. A failed load lets the console open with the defaults.
 */
export const PreferencesGate = ({ children }: { children: ReactNode }) => {
  const { userId } = useSession();
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (preferences.loadedFor(userId)) return;
    let current = true;
    void preferences.load(userId).finally(() => {
      if (current) loaded();
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return preferences.loadedFor(userId) ? children : <FullScreenSpinner />;
};
