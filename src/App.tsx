import { Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DocumentLanguage } from './i18n/DocumentLanguage';
import { RouteErrorBoundary } from './layout/AppErrorBoundary';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { lazyScreen } from './layout/lazyScreen';
import { HeaderStateProvider, Toaster, ToastProvider } from './notifications';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { PreferencesGate } from './session/PreferencesGate';
import { preferences } from './session/preferencesStore';
import { RedirectSignedIn, RequireSession } from './session/RequireSession';
import { SessionProvider } from './session/SessionProvider';
import { darkTheme, lightTheme } from './theme';

const LoginPage = lazyScreen(() => import('./pages/LoginPage'), 'LoginPage');
const ForgotPasswordPage = lazyScreen(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyScreen(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const OnBoardingPage = lazyScreen(() => import('./pages/OnBoardingPage'), 'OnBoardingPage');
/** The signed-in console under /app: Shell.tsx lists its resources and every other screen of SPEC §2. */
const Shell = lazyScreen(() => import('./Shell'), 'Shell');
const NotFoundPage = lazyScreen(() => import('./layout/NotFound'), 'NotFoundPage');

export const App = () => (
  <BrowserRouter>
    <AdminContext
      basename="/app"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={preferences}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <CssBaseline enableColorScheme />
      <DocumentLanguage />
      <SessionProvider>
        <ToastProvider>
          <HeaderStateProvider>
            <RouteErrorBoundary fullScreen>
              <Suspense fallback={<FullScreenSpinner />}>
                <Routes>
                  <Route
                    path="/"
                    element={
                      <RedirectSignedIn>
                        <LoginPage />
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
        </ToastProvider>
      </SessionProvider>
    </AdminContext>
  </BrowserRouter>
);
