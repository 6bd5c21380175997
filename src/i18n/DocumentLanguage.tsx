import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';

/** `<html lang>` follows the chosen locale, so screen readers and the browser read the right language. */
export const DocumentLanguage = () => {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
};
