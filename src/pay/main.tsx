import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { inlinedPay } from './api';
import { PayPage } from './PayPage';
import './pay.css';
import './controls.css';
import './details.css';

/**
 * The customer's pay page, /pay/{id}: its own entry and its own build (vite.pay.config.ts), so the
 * public page loads none of the dashboard. The server wrote the pay-in into the page.
 */
const id = window.location.pathname.split('/')[2] ?? '';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PayPage id={decodeURIComponent(id)} first={inlinedPay()} />
  </StrictMode>,
);
