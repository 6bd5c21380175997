import { vi } from 'vitest';

/** For ui tests: a screen below 600 px, as usePhone asks it (jsdom has no media queries); undone by vi.unstubAllGlobals. */
export const onPhone = () =>
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: /max-width:\s*599/.test(media),
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
