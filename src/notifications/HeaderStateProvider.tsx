import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useToasts } from './ToastProvider';

/** SPEC §4: 1 shows the new message as a success, 0 as an error. */
export type NotificationStatus = 0 | 1;

export interface HeaderState {
  pageTitle: string;
  /** A record's own name while its page is open (a deposit's order id): shown instead of the screen's title. */
  recordTitle: string | null;
  noOfNotifications: number;
  newNotificationMessage: string;
  newNotificationStatus: NotificationStatus;
}

/** SPEC §3 defaults; the page title's default is the translated "Home". */
export const HEADER_DEFAULTS: Omit<HeaderState, 'pageTitle'> = {
  recordTitle: null,
  noOfNotifications: 15,
  newNotificationMessage: '',
  newNotificationStatus: 1,
};

export interface HeaderApi extends HeaderState {
  setPageTitle: (title: string) => void;
  setRecordTitle: (title: string | null) => void;
  setNoOfNotifications: (count: number) => void;
  /** Shows the message as a Success or Error toast, then clears it. */
  setNewNotification: (message: string, status?: NotificationStatus) => void;
}

const HeaderContext = createContext<HeaderApi | null>(null);

export const HeaderStateProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const [state, setState] = useState<HeaderState>(() => ({ ...HEADER_DEFAULTS, pageTitle: translate('app.home') }));

  const setPageTitle = useCallback(
    (pageTitle: string) => setState((s) => (s.pageTitle === pageTitle ? s : { ...s, pageTitle })),
    [],
  );
  const setRecordTitle = useCallback(
    (recordTitle: string | null) => setState((s) => (s.recordTitle === recordTitle ? s : { ...s, recordTitle })),
    [],
  );
  const setNoOfNotifications = useCallback(
    (noOfNotifications: number) => setState((s) => ({ ...s, noOfNotifications })),
    [],
  );
  const setNewNotification = useCallback(
    (newNotificationMessage: string, newNotificationStatus: NotificationStatus = 1) =>
      setState((s) => ({ ...s, newNotificationMessage, newNotificationStatus })),
    [],
  );

  const { newNotificationMessage: message, newNotificationStatus: status } = state;
  useEffect(() => {
    if (!message) return;
    if (status === 1) toasts.success(translate('app.toast.success'), message);
    else toasts.error(translate('app.toast.error'), message);
    setState((s) => ({
      ...s,
      newNotificationMessage: '',
      newNotificationStatus: HEADER_DEFAULTS.newNotificationStatus,
    }));
  }, [message, status, toasts, translate]);

  const api = useMemo(
    () => ({ ...state, setPageTitle, setRecordTitle, setNoOfNotifications, setNewNotification }),
    [state, setPageTitle, setRecordTitle, setNoOfNotifications, setNewNotification],
  );
  return <HeaderContext.Provider value={api}>{children}</HeaderContext.Provider>;
};

export const useHeaderState = (): HeaderApi => {
  const api = useContext(HeaderContext);
  if (!api) throw new Error('useHeaderState must be used inside <HeaderStateProvider>');
  return api;
};

/** Sets the top bar's title while the calling screen is shown. */
export const usePageTitle = (title: string) => {
  const { setPageTitle } = useHeaderState();
  useEffect(() => setPageTitle(title), [title, setPageTitle]);
};

/** Names the record a page shows in the top bar while it is open (null until it is known). */
export const useRecordTitle = (title: string | null) => {
  const { setRecordTitle } = useHeaderState();
  useEffect(() => {
    setRecordTitle(title);
    return () => setRecordTitle(null);
  }, [title, setRecordTitle]);
};
