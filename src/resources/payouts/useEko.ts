import { useEffect, useState } from 'react';
import { payoutActions } from './actions';

export interface EkoStatus {
  available: boolean;
  /** Why Eko cannot pay now, as the server says it. */
  why: string | null;
}

/**
 * Whether pay-outs may be sent through Eko (GET /v1/payouts/providers), asked while `enabled`;
 * null until the server answers. A failed question counts as unavailable, with its message.
 */
export const useEko = (enabled: boolean): EkoStatus | null => {
  const [status, setStatus] = useState<EkoStatus | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    void payoutActions.providers().then((result) => {
      if (!current) return;
      setStatus(
        result.error
          ? { available: false, why: result.error.message }
          : { available: result.data.data.eko.available, why: result.data.data.eko.why },
      );
    });
    return () => {
      current = false;
    };
  }, [enabled]);
  return enabled ? status : null;
};
