/** SPEC §3 and §9: a toast and the queue that holds the ones on screen. */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

export const TOAST_TIMEOUT_MS = 5000;
/** Enter and leave transitions of a toast. */
export const TOAST_TRANSITION_MS = 400;

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  timeOut: number;
  onClick?: () => void;
  priority?: boolean;
}

export type ToastInput = Omit<Toast, 'id' | 'timeOut'> & { id?: string; timeOut?: number };

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `toast-${Date.now().toString(36)}-${sequence}`;
};

/** An error stays until the user dismisses it (issue 31, item 6): it may need reading twice. */
export const UNTIL_DISMISSED = Number.POSITIVE_INFINITY;

export const createToast = (input: ToastInput): Toast => ({
  ...input,
  id: input.id ?? nextId(),
  timeOut: input.timeOut ?? (input.type === 'error' ? UNTIL_DISMISSED : TOAST_TIMEOUT_MS),
});

const sameAs = (a: Toast, b: Toast) => a.type === b.type && a.title === b.title && a.message === b.message;

/**
 * Priority toasts go to the front of the queue, the others to the back; a toast already on screen
 * is shown once (two failed calls with one cause say it once).
 */
export const enqueue = (queue: readonly Toast[], toast: Toast): Toast[] =>
  queue.some((t) => sameAs(t, toast)) ? [...queue] : toast.priority ? [toast, ...queue] : [...queue, toast];

export const dequeue = (queue: readonly Toast[], id: string): Toast[] => queue.filter((toast) => toast.id !== id);
