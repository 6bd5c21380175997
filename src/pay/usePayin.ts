import { useCallback, useEffect, useRef, useState } from 'react';
import { OPEN_STATUSES, type PayinStatus } from '../../domain/payin';
import type { Provider } from '../../domain/providers';
import {
  assignBank,
  fetchPay,
  qrPath,
  requestIntent,
  submitScreenshot,
  submitUtr,
  type PayError,
  type PayResult,
  type PayView,
} from './api';

export const POLL_MS = 4000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PayLoad =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'offline'; error: PayError }
  | { kind: 'ready'; view: PayView };

const isOpen = (status: PayinStatus) => (OPEN_STATUSES as readonly PayinStatus[]).includes(status);

const usePageVisible = () => {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
};

/**
 * The pay-in behind the page: as the page came with it, or loaded once, then polled while its status is open and the tab is
 * shown. Answers are numbered so that a slow poll never overwrites what a later action returned.
 */
/** What the page shows before any call: the pay-in the server wrote into it, if it did. */
const firstLoad = (valid: boolean, first?: PayResult): PayLoad => {
  if (!valid) return { kind: 'not-found' };
  if (first?.data) return { kind: 'ready', view: first.data };
  if (first?.error?.status === 404) return { kind: 'not-found' };
  return { kind: 'loading' };
};

export const usePayin = (id: string, first?: PayResult) => {
  const valid = UUID.test(id);
  const [load, setLoad] = useState<PayLoad>(() => firstLoad(valid, first));
  const known = useRef(load.kind !== 'loading');
  const [expired, setExpired] = useState(false);
  const [clockOffset, setClockOffset] = useState(() =>
    first?.data && first.serverTime !== undefined ? first.serverTime - Date.now() : 0,
  );
  const issued = useRef(0);
  const applied = useRef(0);

  const request = useCallback(async (call: () => Promise<PayResult>): Promise<PayResult> => {
    const seq = ++issued.current;
    const result = await call();
    if (seq < applied.current) return result;
    if (result.data) {
      applied.current = seq;
      setLoad({ kind: 'ready', view: result.data });
      if (result.serverTime !== undefined) setClockOffset(result.serverTime - Date.now());
    } else if (result.error.status === 404) {
      applied.current = seq;
      setLoad({ kind: 'not-found' });
    } else {
      if (result.error.code === 'EXPIRED') setExpired(true);
      const error = result.error;
      setLoad((before) => (before.kind === 'ready' ? before : { kind: 'offline', error }));
    }
    return result;
  }, []);

  const expire = useCallback(() => setExpired(true), []);
  const refresh = useCallback(() => request(() => fetchPay(id)), [id, request]);
  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (valid && !known.current) void refresh();
  }, [valid, refresh]);

  const visible = usePageVisible();
  const open = load.kind === 'ready' && isOpen(load.view.status) && !expired;
  const hidden = useRef(false);
  useEffect(() => {
    if (!open) return;
    if (!visible) {
      hidden.current = true;
      return;
    }
    // Back from a hidden tab: ask at once, the status may have moved meanwhile.
    const first = hidden.current ? 0 : POLL_MS;
    hidden.current = false;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await refresh();
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, first);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [open, visible, refresh]);

  const actions = {
    assign: (amount?: number) => request(() => assignBank(id, amount)),
    utr: (utr: string) => request(() => submitUtr(id, utr)),
    screenshot: (file: File) => request(() => submitScreenshot(id, file)),
    /** A provider's order to hand the customer over with; the pay-in itself is read by the polling. */
    intent: (provider: Provider, amount?: number) => requestIntent(id, provider, amount),
    /** Where the QR image of the pay-in's UPI link is drawn. */
    qr: (link: string) => qrPath(id, link),
  };
  return { load, expired, expire, clockOffset, retry, actions };
};

export type PayActions = ReturnType<typeof usePayin>['actions'];
