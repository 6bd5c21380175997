import { useMemo } from 'react';
import { useSession } from '../../session/SessionProvider';
import { payinAccess, type PayinAccess } from './access';

export const usePayinAccess = (): PayinAccess => {
  const { role } = useSession();
  return useMemo(() => payinAccess(role), [role]);
};
