import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlinedPay, qrPath } from './api';
import { PayPage } from './PayPage';
import { payViewOf } from './test-views';

/** Issue 33: the page's first screen comes with the page, with no call of its own. */
const ID = '6a1f0c2e-1b2c-4d3e-8f40-5a6b7c8d9e0f';
const VIEW = payViewOf({ amount: 1500, amountFixed: true });

const inline = (text: string) => {
  const node = document.createElement('script');
  node.type = 'application/json';
  node.id = 'pay-state';
  node.textContent = text;
  document.body.append(node);
};

afterEach(() => {
  document.getElementById('pay-state')?.remove();
  vi.unstubAllGlobals();
});

describe('the state the server wrote into the page', () => {
  it('draws the first screen without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    inline(JSON.stringify({ status: 200, data: VIEW, serverTime: Date.now() }));
    render(<PayPage id={ID} first={inlinedPay()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pay Asha Stores' })).toBeInTheDocument();
    expect(screen.getByText('₹1,500.00')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says an unknown link is not valid without asking', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    inline(JSON.stringify({ status: 404, serverTime: Date.now() }));
    render(<PayPage id={ID} first={inlinedPay()} />);
    expect(screen.getByRole('heading', { name: 'This payment link is not valid' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is read as nothing when absent or unreadable, so the page asks', () => {
    expect(inlinedPay()).toBeUndefined();
    inline('{not json');
    expect(inlinedPay()).toBeUndefined();
  });

  it('keeps the server clock it came with', () => {
    inline(JSON.stringify({ status: 200, data: VIEW, serverTime: 1_700_000_000_000 }));
    expect(inlinedPay()).toMatchObject({ data: VIEW, serverTime: 1_700_000_000_000 });
  });
});

describe('the QR image address', () => {
  it('changes with the link and names only the pay-in', () => {
    const a = qrPath(ID, 'upi://pay?pa=a%40b&am=100.00');
    const b = qrPath(ID, 'upi://pay?pa=a%40b&am=200.00');
    expect(a).toMatch(new RegExp(`^/v1/pay/${ID}/qr\\.svg\\?v=[0-9a-z]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('upi');
  });
});
