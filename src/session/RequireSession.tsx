import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { homePath } from '../../domain/access';
import { useSession } from './SessionProvider';

/** SPEC §2: without a stored token every path but the public ones leads to /. */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { role } = useSession();
  return role ? children : <Navigate to="/" replace />;
};

/** SPEC §2: with a stored token, / leads to the role's home. */
export const RedirectSignedIn = ({ children }: { children: ReactNode }) => {
  const { role } = useSession();
  return role ? <Navigate to={homePath(role)} replace /> : children;
};
