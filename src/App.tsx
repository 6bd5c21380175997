import { Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DocumentLanguage } from './i18n/DocumentLanguage';
import { RouteErrorBoundary } from './layout/AppErrorBoundary';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { lazyScreen } from './layout/lazyScreen';
import { TextFromReactAdmin } from './i18n/TextFromReactAdmin';
import { consoleDarkTheme, consoleLightTheme } from './layout/consoleTheme';
import { ToSignIn } from './location';
import { HeaderStateProvider, Toaster } from './notifications';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { PreferencesGate } from './session/PreferencesGate';
import { preferences } from './session/preferencesStore';
import { RedirectSignedIn, RequireSession } from './session/RequireSession';
import { SessionProvider } from './session/SessionProvider';

const ForgotPasswordPage = lazyScreen(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyScreen(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const OnBoardingPage = lazyScreen(() => import('./pages/OnBoardingPage'), 'OnBoardingPage');
/** The signed-in console under /app: Shell.tsx lists its resources and every other screen of SPEC §2. */
const Shell = lazyScreen(() => import('./Shell'), 'Shell');
const NotFoundPage = lazyScreen(() => import('./layout/NotFound'), 'NotFoundPage');

/** The console: every page but the sign-in screen (Root.tsx), on react-admin. */
export const App = () => (
  <BrowserRouter>
    <AdminContext
      basename="/app"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={preferences}
      theme={consoleLightTheme}
      darkTheme={consoleDarkTheme}
    >
      <CssBaseline enableColorScheme />
      <DocumentLanguage />
      <SessionProvider>
        <TextFromReactAdmin>
          <HeaderStateProvider>
            <RouteErrorBoundary fullScreen>
              <Suspense fallback={<FullScreenSpinner />}>
                <Routes>
                  <Route
                    path="/"
                    element={
                      <RedirectSignedIn>
                        {/* Signed out at /: Root shows its sign-in page, without react-admin. */}
                        <ToSignIn />
                      </RedirectSignedIn>
                    }
                  />
                  <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                  <Route path="/reset-password" element={<ResetPasswordPage />} />
                  <Route path="/on-boarding" element={<OnBoardingPage />} />
                  <Route
                    path="/app/*"
                    element={
                      <RequireSession>
                        {/* Local storage holds the session only (SPEC §9): preferences come from the server. */}
                        <PreferencesGate>
                          <Shell />
                        </PreferencesGate>
                      </RequireSession>
                    }
                  />
                  <Route
                    path="*"
                    element={
                      <RequireSession>
                        <NotFoundPage />
                      </RequireSession>
                    }
                  />
                </Routes>
              </Suspense>
            </RouteErrorBoundary>
            <Toaster />
          </HeaderStateProvider>
        </TextFromReactAdmin>
      </SessionProvider>
    </AdminContext>
  </BrowserRouter>
);
