import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { PayPage } from './PayPage';
import { payTheme } from './theme';

/** The customer's pay page, /pay/{id}: its own entry, so the public page loads none of the dashboard. */
const id = window.location.pathname.split('/')[2] ?? '';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={payTheme}>
      <CssBaseline />
      <PayPage id={decodeURIComponent(id)} />
    </ThemeProvider>
  </StrictMode>,
);
