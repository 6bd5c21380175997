import { useEffect } from 'react';

/**
 * Fired on this window when the page's path changes other than by the browser's back and forward
 * buttons, so that Root picks the sign-in page or the console again (react-router, inside the
 * console, moves by history.pushState, which fires no event).
 */
export const LOCATION_CHANGE_EVENT = 'location-change';

export const announceLocation = () => window.dispatchEvent(new Event(LOCATION_CHANGE_EVENT));

/** Goes to another page of the product from the sign-in page, where the console's router is not loaded. */
export const goTo = (path: string) => {
  window.history.pushState(null, '', path);
  announceLocation();
};

/** The console's route for / when signed out: hands the page back to Root's sign-in page. */
export const ToSignIn = () => {
  useEffect(() => {
    announceLocation();
  }, []);
  return null;
};
