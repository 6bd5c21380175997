import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import { get, type ApiError } from '../providers/http';
import { readUserData } from '../session/session';
import { useSession } from '../session/SessionProvider';
import { useToasts } from '../notifications';
import { useEndSession } from '../layout/useEndSession';
import { MERCHANT_LIST_PATH, merchantListQuery } from './merchantListQuery';

/** A row of the merchant list; screens read the fields they need. */
export interface Merchant {
  id: string;
  code: string;
  name: string;
  parentCode: string | null;
  [field: string]: unknown;
}

interface MerchantListBody {
  data?: { merchants?: unknown; total?: unknown };
}

export interface MerchantList {
  merchants: Merchant[];
  isLoading: boolean;
  reload: () => void;
}

const MerchantsContext = createContext<MerchantList | null>(null);

/**
 * The merchant list in client state (SPEC §3, §6, §7): loaded on entering the shell and whenever
 * the user data change, only for the roles of §6, read from data.merchants.
 */
export const MerchantsProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const endSession = useEndSession();
  const { session } = useSession();
  const [merchants, setMerchants] = useState<Merchant[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const onFailed = useEffectEvent((error: ApiError) => {
    if (error.status === 401) endSession(error);
    else toasts.error(String(error.status ?? translate('app.toast.error')), error.message);
  });

  // A new session object means the user data changed: a sign-in, a refresh, or a screen's overwrite.
  useEffect(() => {
    const codes = session?.code.length ? session.code : (readUserData()?.code ?? []);
    const query = merchantListQuery(session?.role ?? null, codes);
    if (!query) {
      setMerchants([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    void get<MerchantListBody>(MERCHANT_LIST_PATH, query, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.error) {
        onFailed(result.error);
        setMerchants([]);
        return;
      }
      const list = result.data?.data?.merchants;
      setMerchants(Array.isArray(list) ? (list as Merchant[]) : []);
    });
    return () => controller.abort();
  }, [session, version]);

  const value = useMemo(() => ({ merchants, isLoading, reload }), [merchants, isLoading, reload]);
  return <MerchantsContext.Provider value={value}>{children}</MerchantsContext.Provider>;
};

export const useMerchants = (): MerchantList => {
  const value = useContext(MerchantsContext);
  if (!value) throw new Error('useMerchants must be used inside <MerchantsProvider>');
  return value;
};
