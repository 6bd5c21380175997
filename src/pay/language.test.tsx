import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interpolate, pickLocale } from './i18n';
import { PayPage } from './PayPage';

const INITIATED = {
  status: 'INITIATED',
  merchantName: 'Acme Retail',
  amount: null,
  amountFixed: false,
  minAmount: 100,
  maxAmount: 50000,
  test: false,
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  intentProviders: [],
};

const answerWith = (data: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } })),
  );

const browserLanguages = (languages: string[]) =>
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.lang = 'en';
});

describe('the pay page’s language', () => {
  it.each([
    [['hi-IN', 'en'], 'hi'],
    [['en-IN', 'hi'], 'en'],
    [['ta-IN', 'hi'], 'hi'],
    [['fr'], 'en'],
    [[], 'en'],
  ])('reads %j as %s', (languages, locale) => expect(pickLocale(languages)).toBe(locale));

  it('fills in placeholders and leaves unknown ones', () =>
    expect(interpolate('%{name} pays %{amount}', { name: 'Asha' })).toBe('Asha pays %{amount}'));

  it('opens in Hindi for a Hindi browser, and switches to English on the page', async () => {
    browserLanguages(['hi-IN', 'en-US']);
    answerWith(INITIATED);
    render(<PayPage id="00000000-0000-4000-8000-000000000001" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Retail को भुगतान करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');

    const switcher = screen.getByRole('group', { name: 'भाषा' });
    fireEvent.click(within(switcher).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Acme Retail' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'English' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en');
  });

  it('says why an amount is refused in the chosen language', async () => {
    browserLanguages(['en-US']);
    answerWith(INITIATED);
    render(<PayPage id="00000000-0000-4000-8000-000000000001" />);
    fireEvent.click(await screen.findByRole('button', { name: 'हिन्दी' }));
    fireEvent.click(await screen.findByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' }));
    expect(await screen.findByText('भुगतान की राशि डालें।')).toBeInTheDocument();
  });
});
