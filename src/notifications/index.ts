export { ToastProvider, useToasts, useToastQueue, type ToastActions } from './ToastProvider';
export { Toaster } from './Toaster';
export {
  HeaderStateProvider,
  useHeaderState,
  usePageTitle,
  useRecordTitle,
  HEADER_DEFAULTS,
  type NotificationStatus,
} from './HeaderStateProvider';
export { TOAST_TIMEOUT_MS, TOAST_TRANSITION_MS, type Toast, type ToastType } from './toastQueue';
export { AdminNotifications } from './AdminNotifications';
