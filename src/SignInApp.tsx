import { useEffect, useMemo, useState } from 'react';
import { CssBaseline, useMediaQuery } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { accountMessages } from './account/messages';
import { TextContext, translatorOf } from './i18n/text';
import { Toaster } from './notifications/Toaster';
import { toastMessages } from './notifications/messages';
import { LoginPage } from './pages/LoginPage';
import { APP_NAME, loginMessages } from './pages/login/messages';
import { darkTheme, lightTheme } from './theme';

/** What the sign-in page says in English; the console's other messages stay out of its download. */
export const english = translatorOf({
  app: { name: APP_NAME, loading: 'Loading…', login: loginMessages, toast: toastMessages, ...accountMessages },
});

/**
 * The page's language: English, or Hindi when the console was in Hindi before signing out (the
 * console sets <html lang>); Hindi's messages are fetched only then.
 */
const useSignInText = () => {
  const [text, setText] = useState(() => english);
  useEffect(() => {
    if (document.documentElement.lang !== 'hi') return;
    let live = true;
    void import('./i18n/hi').then(({ hi }) => live && setText(() => translatorOf(hi)));
    return () => {
      live = false;
    };
  }, []);
  return text;
};

/**
 * SPEC §2: the sign-in screen at /, on MUI alone: react-admin, react-query and the router load
 * with the console (App.tsx) once someone has signed in. Light or dark as the system prefers,
 * as the console opens before a user's own choice is known.
 */
export const SignInApp = () => {
  const dark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  // A theme without CSS variables, given to MUI's base provider as @mui/material's own provider does
  // for one: the page loads no CSS-variables provider it would never use (about 3 kB gzip).
  const theme = useMemo(() => ({ ...createTheme(dark ? darkTheme : lightTheme), vars: null }), [dark]);
  const text = useSignInText();
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <TextContext.Provider value={text}>
        <LoginPage />
        <Toaster />
      </TextContext.Provider>
    </ThemeProvider>
  );
};
