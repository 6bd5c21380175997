import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../i18n/en';

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
];

/** English is in the entry bundle; Hindi is fetched the first time someone chooses it. */
const messagesOf = (locale: string) => (locale === 'hi' ? import('../i18n/hi').then((m) => m.hi) : en);

export const i18nProvider = polyglotI18nProvider(messagesOf, 'en', LOCALES, { allowMissing: true });
