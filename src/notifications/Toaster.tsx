import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { useText } from '../i18n/text';
import { useToastQueue } from './ToastProvider';

// A toast's look (MUI's Alert and its icons) is fetched with the first toast: the sign-in page
// shows none until something fails. The region itself is there from the start, for screen readers.
const ToastView = lazy(() => import('./ToastView').then((module) => ({ default: module.ToastView })));

/** The toast region: every queued toast, newest priority ones first, each hiding after its time-out. */
export const Toaster = () => {
  const translate = useText();
  const { toasts, remove } = useToastQueue();
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={translate('app.toast.region')}
      sx={{
        position: 'fixed',
        // Below the top bar: the user's name, its menu and Logout stay in reach.
        top: { xs: 64, sm: 72 },
        right: 16,
        left: { xs: 16, sm: 'auto' },
        width: { sm: 380 },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        pointerEvents: toasts.length ? 'auto' : 'none',
      }}
    >
      <Suspense fallback={null}>
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onGone={remove} />
        ))}
      </Suspense>
    </Box>
  );
};
