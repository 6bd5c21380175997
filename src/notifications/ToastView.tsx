import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Fade } from '@mui/material';
import { useText } from '../i18n/text';
import { TOAST_TRANSITION_MS, type Toast } from './toastQueue';

export const ToastView = ({ toast, onGone }: { toast: Toast; onGone: (id: string) => void }) => {
  const translate = useText();
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
