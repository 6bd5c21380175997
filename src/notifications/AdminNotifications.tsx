import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { useToasts } from './ToastProvider';

/**
 * The admin framework's own notifications (saved, deleted, form not valid, server errors of a
 * form) shown as the dashboard's toasts, so every message appears in one place and one style.
 * Nothing here is undoable (STYLE 4): a mutation sent in undoable mode is committed at once.
 */
export const AdminNotifications = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const toasts = useToasts();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const next = takeNotification();
    if (!next) return;
    const { message, type, notificationOptions: options = {} } = next;
    if (options.undoable) takeMutation()?.({ isUndo: false });
    const text =
      typeof message === 'string' ? translate(message, { _: message, ...options.messageArgs }) : String(message ?? '');
    toasts.notify({
      type,
      title: translate(`app.toast.${type}`, { _: translate('app.toast.error') }),
      message: text,
      ...(typeof options.autoHideDuration === 'number' && { timeOut: options.autoHideDuration }),
    });
  }, [notifications, takeNotification, takeMutation, toasts, translate]);

  return null;
};
