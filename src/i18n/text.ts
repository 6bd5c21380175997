import { createContext, useContext } from 'react';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The translate function of whichever app is mounted: react-admin's in the console, a small one on
 * the sign-in page, which loads without react-admin. Components both use read it here.
 */
export const TextContext = createContext<Translate>((key) => key);

export const useText = (): Translate => useContext(TextContext);

/** Looks a dotted key up in nested messages and fills its %{name} places; the key itself when missing. */
export const translatorOf =
  (messages: object): Translate =>
  (key, options = {}) => {
    let found: unknown = messages;
    for (const part of key.split('.')) found = (found as Record<string, unknown> | undefined)?.[part];
    if (typeof found !== 'string') return key;
    return found.replace(/%\{(\w+)\}/g, (place, name: string) => (name in options ? String(options[name]) : place));
  };
