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
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { useToasts } from '../notifications';
import { readUserData } from '../session/session';
import { useSession } from '../session/SessionProvider';
import { useEndSession } from '../session/useEndSession';
import { merchantListQuery } from './merchantListQuery';

/** A row of the merchant list; screens read the fields they need. */
export interface Merchant {
  id: string;
  code: string;
  name: string;
  parentCode: string | null;
  [field: string]: unknown;
}

/** The data provider's call that loads the list; a failure rejects with the server's message and status. */
export interface MerchantListProvider {
  getMerchantList(query: Record<string, string>, options?: { signal?: AbortSignal }): Promise<{ data: Merchant[] }>;
}

export interface MerchantList {
  merchants: Merchant[];
  isLoading: boolean;
  reload: () => void;
}

const MerchantsContext = createContext<MerchantList | null>(null);

const failureOf = (error: unknown): { status?: number; message: string } => {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  return { status: typeof status === 'number' ? status : undefined, message: String(message ?? '') };
};

/**
 * The merchant list in client state (SPEC §3, §6, §7): loaded on entering the shell and whenever
 * the user data change, only for the roles of §6, read from data.merchants.
 */
export const MerchantsProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const endSession = useEndSession();
  const dataProvider = useDataProvider<DataProvider & MerchantListProvider>();
  const { session } = useSession();
  const [merchants, setMerchants] = useState<Merchant[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const load = useEffectEvent((query: Record<string, string>, signal: AbortSignal) =>
    dataProvider.getMerchantList(query, { signal }),
  );
  const onFailed = useEffectEvent((error: { status?: number; message: string }) => {
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
    load(query, controller.signal).then(
      ({ data }) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setMerchants(data);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        onFailed(failureOf(error));
        setMerchants([]);
      },
    );
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
