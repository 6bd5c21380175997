import { useRefresh, useTranslate } from 'react-admin';
import type { Result } from '../../providers/http';
import { useToasts } from '../../notifications';

/** The toast after a settlement action: the server's message when refused, otherwise `done`; the page is read again. */
export const useSettlementOutcome = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  return (result: Result<unknown>, done: string): boolean => {
    if (result.error) {
      toasts.error(translate('app.toast.error'), result.error.message);
      return false;
    }
    toasts.success(translate('app.toast.success'), done);
    refresh();
    return true;
  };
};
