import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, Fade } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TOAST_TRANSITION_MS, type Toast } from './toastQueue';
import { useToastQueue } from './ToastProvider';

const ToastView = ({ toast, onGone }: { toast: Toast; onGone: (id: string) => void }) => {
  const translate = useTranslate();
  const [shown, setShown] = useState(true);

  useEffect(() => {
    if (!Number.isFinite(toast.timeOut)) return undefined;
    const timer = setTimeout(() => setShown(false), toast.timeOut);
    return () => clearTimeout(timer);
  }, [toast.timeOut]);

  const handleClick = toast.onClick
    ? () => {
        toast.onClick?.();
        setShown(false);
      }
    : undefined;

  return (
    <Fade in={shown} appear timeout={TOAST_TRANSITION_MS} onExited={() => onGone(toast.id)}>
      <Alert
        severity={toast.type}
        variant="filled"
        onClick={handleClick}
        onClose={() => setShown(false)}
        closeText={translate('app.toast.dismiss')}
        sx={{ width: '100%', boxShadow: 3, cursor: handleClick ? 'pointer' : undefined, whiteSpace: 'pre-line' }}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.message}
      </Alert>
    </Fade>
  );
};

/** The toast region: every queued toast, newest priority ones first, each hiding after its time-out. */
export const Toaster = () => {
  const translate = useTranslate();
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
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} onGone={remove} />
      ))}
    </Box>
  );
};
