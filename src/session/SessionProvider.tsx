import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '../../domain/roles';
import { TOKEN_KEY } from './storageKeys';
import { SESSION_CHANGE_EVENT, readStoredSession, type Session } from './session';

export interface SessionValue {
  /** The whole identity, or null when signed out. */
  session: Session | null;
  userId: string;
  userName: string;
  role: Role | null;
  code: string[];
  vendorCode: string | null;
  /** Any screen may overwrite all five fields (SPEC §3). */
  setSession(next: Session): void;
  /** Re-read the stored token, for instance after sign-in or sign-out. */
  refresh(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export const SessionProvider = ({ children, initial }: { children: ReactNode; initial?: Session | null }) => {
  const [session, setSession] = useState<Session | null>(() => (initial === undefined ? readStoredSession() : initial));
  const refresh = useCallback(() => setSession(readStoredSession()), []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) refresh();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(SESSION_CHANGE_EVENT, refresh);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SESSION_CHANGE_EVENT, refresh);
    };
  }, [refresh]);

  const value = useMemo<SessionValue>(
    () => ({
      session,
      userId: session?.userId ?? '',
      userName: session?.userName ?? '',
      role: session?.role ?? null,
      code: session?.code ?? [],
      vendorCode: session?.vendorCode ?? null,
      setSession: (next: Session) => setSession({ ...next, code: [...next.code] }),
      refresh,
    }),
    [session, refresh],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
};
