import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createToast, dequeue, enqueue, type Toast, type ToastInput, type ToastType } from './toastQueue';

type Shortcut = (
  title: string,
  message: string,
  options?: Pick<ToastInput, 'timeOut' | 'onClick' | 'priority'>,
) => string;

/** What screens use: stable functions that queue a toast and return its id. */
export interface ToastActions {
  notify: (input: ToastInput) => string;
  info: Shortcut;
  success: Shortcut;
  warning: Shortcut;
  error: Shortcut;
}

interface ToastQueue {
  toasts: Toast[];
  remove: (id: string) => void;
}

const ActionsContext = createContext<ToastActions | null>(null);
const QueueContext = createContext<ToastQueue | null>(null);

export const ToastProvider = ({ children }: { children: ReactNode }) => {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const notify = useCallback((input: ToastInput) => {
    const toast = createToast(input);
    setToasts((queue) => enqueue(queue, toast));
    return toast.id;
  }, []);
  const remove = useCallback((id: string) => setToasts((queue) => dequeue(queue, id)), []);

  const actions = useMemo<ToastActions>(() => {
    const shortcut =
      (type: ToastType): Shortcut =>
      (title, message, options) =>
        notify({ type, title, message, ...options });
    return {
      notify,
      info: shortcut('info'),
      success: shortcut('success'),
      warning: shortcut('warning'),
      error: shortcut('error'),
    };
  }, [notify]);
  const queue = useMemo(() => ({ toasts, remove }), [toasts, remove]);

  return (
    <ActionsContext.Provider value={actions}>
      <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>
    </ActionsContext.Provider>
  );
};

export const useToasts = (): ToastActions => {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useToasts must be used inside <ToastProvider>');
  return actions;
};

export const useToastQueue = (): ToastQueue => {
  const queue = useContext(QueueContext);
  if (!queue) throw new Error('useToastQueue must be used inside <ToastProvider>');
  return queue;
};
