import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { onPhone } from '../resources/shared/onPhone';
import { mockApi, renderAppAt, signInAs } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const banner = () => screen.findByRole('banner', {}, { timeout: 10_000 });
const accountButton = (name: RegExp) => screen.findByRole('button', { name }, { timeout: 5000 });

describe('the top bar on a phone (issue 31, item 12)', () => {
  it('keeps the name, language, theme, two-factor and logout in the account menu', async () => {
    onPhone();
    mockApi();
    signInAs('ADMIN', 'Asha Admin');
    renderAppAt('/app/payout');
    const bar = await banner();
    expect(within(bar).queryByRole('button', { name: /^Language/ })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(within(bar).queryByText('Asha Admin')).toBeNull();

    fireEvent.click(await accountButton(/^Account: Asha Admin, Admin$/));
    const menu = await screen.findByRole('menu', { name: 'Account: Asha Admin, Admin' });
    expect(screen.getByText('Asha Admin')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Language: English', 'Dark theme', 'Two-factor sign-in', 'Logout']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Dark theme' }));
    fireEvent.click(await accountButton(/^Account/));
    expect(await screen.findByRole('menuitem', { name: 'Light theme' })).toBeInTheDocument();

    try {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Language: English' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'हिन्दी' }));
      expect(await accountButton(/^खाता: Asha Admin, /)).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('hi');
    } finally {
      // The provider is one object for the whole worker: later files expect English.
      await i18nProvider.changeLocale('en');
    }
  });

  it('opens the search from its icon, and closes it with Escape', async () => {
    onPhone();
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/payout');
    const bar = await banner();
    expect(within(bar).queryByRole('textbox', { name: 'Search' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Search' }));
    const field = within(bar).getByRole('textbox', { name: 'Search' });
    expect(field).toHaveFocus();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(within(bar).queryByRole('textbox', { name: 'Search' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Search' })).toHaveFocus();
  });

  it('keeps every control in the bar from 600 px up', async () => {
    mockApi();
    signInAs('ADMIN', 'Asha Admin');
    renderAppAt('/app/payout');
    const bar = await banner();
    for (const name of [/^Language: English$/, /^Toggle light\/dark mode$/, /^Two-factor sign-in$/, /^Logout$/])
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    expect(within(bar).getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /^Account/ })).toBeNull();
  });
});
