import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { mockApi, renderAppAt, signInAs } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const choose = async (button: RegExp, language: string) => {
  fireEvent.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole('menuitem', { name: language }));
};

describe('the language of the console (issue item 11)', () => {
  it('switches the menu and the top bar to Hindi, and back to English', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/payout');
    try {
      await choose(/^Language: English$/, 'हिन्दी');
      const nav = await screen.findByRole('navigation', { name: 'मुख्य मेनू' }, { timeout: 5000 });
      expect(within(nav).getByRole('link', { name: 'डैशबोर्ड' })).toHaveAttribute('href', '/app/dashboard');
      expect(within(nav).getByRole('button', { name: 'रिपोर्ट' })).toHaveAttribute('aria-expanded', 'true');
      expect(within(nav).getByRole('link', { name: 'पे-आउट' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('button', { name: 'लॉगआउट' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('hi');

      await choose(/^भाषा: हिन्दी$/, 'English');
      expect(await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
    } finally {
      // The provider is one object for the whole worker: later files expect English.
      await i18nProvider.changeLocale('en');
    }
  });
});
