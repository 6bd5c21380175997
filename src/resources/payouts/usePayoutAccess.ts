import { useMemo } from 'react';
import { useSession } from '../../session/SessionProvider';
import { payoutAccess, type PayoutAccess } from './access';

export const usePayoutAccess = (): PayoutAccess => {
  const { role, vendorCode } = useSession();
  return useMemo(() => payoutAccess(role, vendorCode), [role, vendorCode]);
};
