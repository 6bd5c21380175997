import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PayError } from './api';
import { payEn, type PayKey, type PayMessages } from './messages';

export type PayLocale = 'en' | 'hi';
export type PayValues = Record<string, string | number>;
export type PayTranslate = (key: PayKey, values?: PayValues) => string;

/** The page's languages, each named in itself for the switch. */
export const PAY_LOCALES: { locale: PayLocale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
];

/** The first of the browser's languages the page speaks (`hi-IN` is Hindi); English otherwise. */
export const pickLocale = (languages: readonly string[] = []): PayLocale => {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    const known = PAY_LOCALES.find((l) => l.locale === primary);
    if (known) return known.locale;
  }
  return 'en';
};

/** English is in the page's bundle; Hindi is fetched when the browser or the customer asks for it. */
const loaded: Partial<Record<PayLocale, PayMessages>> = { en: payEn };
const loadMessages = async (locale: PayLocale): Promise<PayMessages> =>
  (loaded[locale] ??= locale === 'hi' ? (await import('./messages.hi')).payHi : payEn);

/** `%{name}` replaced by its value; one without a value is left as it is. */
export const interpolate = (text: string, values: PayValues = {}) =>
  text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const lookup = (messages: PayMessages, key: PayKey) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);

export const translatorFor =
  (messages: PayMessages): PayTranslate =>
  (key, values) => {
    const text = lookup(messages, key) ?? lookup(payEn, key);
    return interpolate(typeof text === 'string' ? text : key, values);
  };

interface PayI18n {
  locale: PayLocale;
  setLocale: (locale: PayLocale) => void;
  t: PayTranslate;
}

const PayI18nContext = createContext<PayI18n>({ locale: 'en', setLocale: () => {}, t: translatorFor(payEn) });

export const usePayI18n = () => useContext(PayI18nContext);
export const usePayText = () => useContext(PayI18nContext).t;

const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * The language of the page: the browser's first, until the customer switches; `<html lang>` follows
 * it. A language still loading keeps the one shown (nothing at first); one that fails to load, English.
 */
export const PayI18nProvider = ({ children }: { children: ReactNode }) => {
  const [wanted, setWanted] = useState<PayLocale>(() => pickLocale(browserLanguages()));
  const [shown, setShown] = useState<{ locale: PayLocale; messages: PayMessages } | null>(() => {
    const messages = loaded[wanted];
    return messages ? { locale: wanted, messages } : null;
  });
  useEffect(() => {
    let live = true;
    loadMessages(wanted)
      .then((messages) => live && setShown({ locale: wanted, messages }))
      .catch(() => live && setShown((before) => before ?? { locale: 'en', messages: payEn }));
    return () => {
      live = false;
    };
  }, [wanted]);
  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);
  const value = useMemo(
    () => shown && { locale: shown.locale, setLocale: setWanted, t: translatorFor(shown.messages) },
    [shown],
  );
  return value && <PayI18nContext.Provider value={value}>{children}</PayI18nContext.Provider>;
};

/** A failed call's message: the page's own in its language, the server's as the server wrote it. */
export const errorText = (t: PayTranslate, error: PayError) =>
  error.text ? t(error.text.key, error.text.values) : error.message;
