import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PayError } from './api';
import { payEn, type PayKey, type PayMessages } from './messages';
import { payHi } from './messages.hi';

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

/**
 * Both languages are in the page's bundle (Hindi adds 2 kB gzip): a Hindi browser's first screen
 * needs no second round trip, and switching is instant.
 */
const MESSAGES: Record<PayLocale, PayMessages> = { en: payEn, hi: payHi };

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

/** The language of the page: the browser's first, until the customer switches; `<html lang>` follows it. */
export const PayI18nProvider = ({ children }: { children: ReactNode }) => {
  const [locale, setLocale] = useState<PayLocale>(() => pickLocale(browserLanguages()));
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale, t: translatorFor(MESSAGES[locale]) }), [locale]);
  return <PayI18nContext.Provider value={value}>{children}</PayI18nContext.Provider>;
};

/** A failed call's message: the page's own in its language, the server's as the server wrote it. */
export const errorText = (t: PayTranslate, error: PayError) =>
  error.text ? t(error.text.key, error.text.values) : error.message;
