import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { TextContext } from './text';

/** In the console, components that read useText translate with react-admin's i18nProvider. */
export const TextFromReactAdmin = ({ children }: { children: ReactNode }) => (
  <TextContext.Provider value={useTranslate()}>{children}</TextContext.Provider>
);
