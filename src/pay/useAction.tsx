import { useCallback, useRef, useState } from 'react';
import type { PayError, PayResult } from './api';
import { errorText, usePayText } from './i18n';
import { Alert, Button } from './ui';

/** One customer action at a time: busy while it runs, the server's message when it fails, and a retry. */
export const useAction = () => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PayError | null>(null);
  const last = useRef<(() => Promise<PayResult>) | null>(null);
  const run = useCallback(async (call: () => Promise<PayResult>) => {
    last.current = call;
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    setError(result.error);
    return result;
  }, []);
  const retry = useCallback(() => {
    if (last.current) void run(last.current);
  }, [run]);
  return { busy, error, run, retry };
};

export const ActionError = ({ error, onRetry }: { error: PayError | null; onRetry: () => void }) => {
  const t = usePayText();
  return (
    error && (
      <Alert
        severity="error"
        action={
          error.retryable && (
            <Button variant="text" size="small" onClick={onRetry}>
              {t('screens.retry')}
            </Button>
          )
        }
      >
        {errorText(t, error)}
      </Alert>
    )
  );
};
