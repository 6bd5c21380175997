import { createElement, type ComponentProps } from 'react';
import { CssBaseline } from '@mui/material';
import { CoreAdminUI, Error, LoadingPage, type AdminUIProps } from 'react-admin';
import { lazyScreen } from './lazyScreen';

// react-admin's own sign-in form (at /login, which the console's sign-in at / stands in for) and its
// screens for a refused or failed authentication: loaded only if ever drawn, not with every screen
// of the console (the form brings the form library).
const Login = lazyScreen(() => import('./RaScreens'), 'Login');
const AccessDenied = lazyScreen(() => import('./RaScreens'), 'AccessDenied');
const AuthCallback = lazyScreen(() => import('./RaScreens'), 'AuthCallback');
const AuthenticationError = lazyScreen(() => import('./RaScreens'), 'AuthenticationError');

/** What the console always gives: its own layout, not-found screen and notifications. */
type ConsoleUIProps = AdminUIProps & Required<Pick<AdminUIProps, 'layout' | 'catchAll' | 'notification'>>;

/**
 * react-admin's AdminUI with the same defaults, its seldom drawn screens loaded on first use,
 * and without react-admin's layout, not-found screen and notifications, which the console replaces.
 */
export const ConsoleUI = ({
  accessDenied = AccessDenied,
  authCallbackPage = AuthCallback,
  authenticationError = AuthenticationError,
  catchAll,
  error = Error,
  layout,
  loading = LoadingPage,
  loginPage = Login,
  notification,
  ...props
}: ConsoleUIProps) => (
  <CssBaseline enableColorScheme>
    <CoreAdminUI
      accessDenied={accessDenied}
      authCallbackPage={authCallbackPage}
      authenticationError={authenticationError}
      catchAll={catchAll}
      error={error}
      layout={layout}
      loading={loading}
      loginPage={loginPage as ComponentProps<typeof CoreAdminUI>['loginPage']}
      {...props}
    />
    {createElement(notification)}
  </CssBaseline>
);
