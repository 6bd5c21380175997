import { lazy, startTransition, Suspense, useEffect, useReducer } from 'react';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { withChunkTimeout } from './layout/lazyScreen';
import { LOCATION_CHANGE_EVENT } from './location';
import { ToastProvider } from './notifications/ToastProvider';
import { readStoredSession, SESSION_CHANGE_EVENT } from './session/session';
import { TOKEN_KEY } from './session/storageKeys';
import { TextContext } from './i18n/text';
import { english, SignInApp } from './SignInApp';

/** The console (react-admin, its router and every /app screen), loaded once a page needs it. */
const Console = lazy(() => withChunkTimeout('App', import('./App')).then((module) => ({ default: module.App })));

/**
 * The page as a whole: the sign-in screen at / for someone signed out, the console everywhere else
 * (SPEC §2: it leads a signed-in user from / to the role's home, and a signed-out one back to /).
 * Toasts outlive the switch: a session ended by a 401 says so on the sign-in page.
 */
export const Root = () => {
  const [, update] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // In a transition, the page on screen stays until the other one's code has arrived.
    const onChange = () => startTransition(update);
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) onChange();
    };
    const events = ['popstate', LOCATION_CHANGE_EVENT, SESSION_CHANGE_EVENT];
    for (const name of events) window.addEventListener(name, onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      for (const name of events) window.removeEventListener(name, onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  const signIn = window.location.pathname === '/' && !readStoredSession();
  return (
    <ToastProvider>
      {/* A cold start at /app shows the spinner, not a blank page, while the console's code arrives;
          no app is mounted yet to name it, so the sign-in page's English does. */}
      <Suspense
        fallback={
          <TextContext.Provider value={english}>
            <FullScreenSpinner />
          </TextContext.Provider>
        }
      >
        {signIn ? <SignInApp /> : <Console />}
      </Suspense>
    </ToastProvider>
  );
};
