import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayView } from './api';
import { PayPage } from './PayPage';
import { POLL_MS } from './usePayin';
import { assignedViewOf, payViewOf } from './test-views';

const ID = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';
const NOW = Date.parse('2025-01-15T10:00:00Z');

const view = payViewOf;

const assigned = assignedViewOf;

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Answer = Response | 'offline';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (v: PayView) => json(200, { data: v });
const refused = (status: number, message: string, code: string) => json(status, { error: { message, code } });

/** Replaces fetch: `answer` gets each call; the calls are recorded. */
const serve = (answer: (call: Call) => Answer) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method: init.method ?? 'GET', path: String(input), body };
      calls.push(call);
      const result = answer(call);
      if (result === 'offline') throw new TypeError('Failed to fetch');
      return result;
    }),
  );
  return calls;
};
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET');

const show = (id = ID, redirect = vi.fn()) => {
  render(<PayPage id={id} redirect={redirect} />);
  return redirect;
};

/** With fake timers: lets pending answers and effects run, then moves the clock. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn().mockResolvedValue(undefined) },
    configurable: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('amount entry', () => {
  it('checks the amount against the limits and sends it in rupees', async () => {
    const calls = serve((c) => (c.method === 'POST' ? ok(assigned({ amount: 1500.5 })) : ok(view())));
    show();
    expect(await screen.findByText('Between ₹100.00 and ₹50,000.00')).toBeInTheDocument();

    click('Proceed to pay');
    expect(screen.getByText('Enter the amount to pay.')).toBeInTheDocument();
    type(/Amount to pay/, '50');
    click('Proceed to pay');
    expect(screen.getByText('Enter an amount between ₹100.00 and ₹50,000.00.')).toBeInTheDocument();
    type(/Amount to pay/, '60000');
    click('Proceed to pay');
    expect(screen.getByText('Enter an amount between ₹100.00 and ₹50,000.00.')).toBeInTheDocument();
    type(/Amount to pay/, '1500.505');
    click('Proceed to pay');
    expect(screen.getByText('The amount can have at most 2 decimals.')).toBeInTheDocument();
    type(/Amount to pay/, 'abc');
    click('Proceed to pay');
    expect(screen.getByText('Enter the amount in rupees, like 1500 or 1500.50.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    type(/Amount to pay/, '1,500.50');
    click('Proceed to pay');
    expect(await screen.findByText('K7M2Q')).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ method: 'POST', path: `/v1/pay/${ID}/assign`, body: { amount: 1500.5 } }]);
    expect(screen.getByText('₹1,500.50')).toBeInTheDocument();
  });

  it('shows a fixed amount and asks for the bank without one', async () => {
    const calls = serve((c) =>
      c.method === 'POST' ? ok(assigned()) : ok(view({ amount: 125000, amountFixed: true })),
    );
    show();
    expect(await screen.findByText('₹1,25,000.00')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Amount to pay/)).not.toBeInTheDocument();
    click('Proceed to pay');
    expect(await screen.findByText('K7M2Q')).toBeInTheDocument();
    expect(posts(calls)[0].body).toEqual({});
  });

  it("shows the server's message as it is", async () => {
    serve((c) =>
      c.method === 'POST'
        ? refused(400, 'The amount must be between ₹100.00 and ₹50,000.00.', 'VALIDATION')
        : ok(view({ amount: 500, amountFixed: true })),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to pay' }));
    expect(await screen.findByText('The amount must be between ₹100.00 and ₹50,000.00.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a retry when the network fails, and the retry sends again', async () => {
    let online = false;
    const calls = serve((c) => {
      if (c.method === 'GET') return ok(view({ amount: 500, amountFixed: true }));
      return online ? ok(assigned()) : 'offline';
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to pay' }));
    expect(await screen.findByText(/could not reach the payment server/)).toBeInTheDocument();
    online = true;
    click('Try again');
    expect(await screen.findByText('K7M2Q')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });
});

describe('the assigned pay-in', () => {
  it('shows the amount, the short code, the QR code, the UPI id and the bank details, each copyable', async () => {
    serve(() => ok(assigned()));
    show();
    expect(await screen.findByText('K7M2Q')).toBeInTheDocument();
    expect(screen.getByText('₹1,500.00')).toBeInTheDocument();
    expect(screen.getByText('Write this code in the payment note/remark')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'UPI QR code to pay ₹1,500.00 to Asha Stores' });
    // Drawn by the server from the pay-in's own link; the key changes with the link.
    expect(qr.getAttribute('src')).toMatch(new RegExp(`^/v1/pay/${ID}/qr\\.svg\\?v=[0-9a-z]+$`));
    expect(screen.getByText('asha@okaxis')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a UPI app on this phone' })).toHaveAttribute(
      'href',
      assigned().bank!.upiLink,
    );
    for (const text of ['Asha Stores Pvt Ltd', 'HDFC Bank', '50100123456789', 'HDFC0001234']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('timer')).toHaveTextContent(/Pay within \d\d:\d\d/);

    fireEvent.click(screen.getByRole('button', { name: 'Copy UPI ID' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy IFSC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy payment code' }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledTimes(3));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('asha@okaxis');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('HDFC0001234');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('K7M2Q');
  });

  it('leaves out what the account does not offer and never shows the pay-in id', async () => {
    serve(() => ok(assigned({ bank: { ...assigned().bank!, upiLink: null, accountNumber: null, ifsc: null } })));
    show();
    expect(await screen.findByText('asha@okaxis')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Pay by bank transfer (IMPS / NEFT)')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(ID);
  });

  it('counts down to the expiry, then shows the expired page and stops asking', async () => {
    vi.useFakeTimers({ now: NOW });
    const calls = serve(() => ok(assigned({ expiresAt: new Date(NOW + 65_000).toISOString() })));
    show();
    await advance();
    expect(screen.getByRole('timer')).toHaveTextContent('Pay within 01:05');
    await advance(6_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Pay within 00:59');
    await advance(59_000);
    expect(screen.getByText('This payment link has expired')).toBeInTheDocument();
    const asked = calls.length;
    await advance(POLL_MS * 5);
    expect(calls).toHaveLength(asked);
  });

  it('shows the TEST banner for a test pay-in', async () => {
    serve(() => ok(assigned({ test: true })));
    show();
    expect(await screen.findByText('TEST')).toBeInTheDocument();
  });
});

describe('proof of payment', () => {
  it('checks the UTR, strips its spaces and sends it', async () => {
    const calls = serve((c) =>
      c.method === 'POST' ? ok(assigned({ status: 'PENDING', utrSubmitted: true })) : ok(assigned()),
    );
    show();
    await screen.findByText('K7M2Q');
    type('UTR', '12345');
    click('Submit UTR');
    expect(screen.getByText('UTR must be the 12 digits of the bank reference')).toBeInTheDocument();
    type('UTR', '4123 4567 890A');
    click('Submit UTR');
    expect(screen.getByText('UTR must be the 12 digits of the bank reference')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    type('UTR', ' 4123 4567 8901 ');
    click('Submit UTR');
    expect(await screen.findByText('Waiting for the bank to confirm')).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ method: 'POST', path: `/v1/pay/${ID}/utr`, body: { utr: '412345678901' } }]);
  });

  it('refuses a screenshot that is not PNG or JPEG, or over 5 MB, and uploads a good one as `file`', async () => {
    const calls = serve((c) =>
      c.method === 'POST' ? ok(assigned({ status: 'IMG_PENDING', screenshotSubmitted: true })) : ok(assigned()),
    );
    show();
    await screen.findByText('K7M2Q');
    click('Upload a screenshot instead');
    const input = screen.getByLabelText('Choose screenshot');
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });

    choose(new File(['GIF89a'], 'pay.gif', { type: 'image/gif' }));
    expect(screen.getByText('The screenshot must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload screenshot' })).toBeDisabled();

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    choose(big);
    expect(screen.getByText('The screenshot must be 5 MB or smaller.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload screenshot' })).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);

    const good = new File(['png'], 'paid.png', { type: 'image/png' });
    choose(good);
    expect(screen.getByText('Chosen: paid.png')).toBeInTheDocument();
    click('Upload screenshot');
    expect(await screen.findByText('Waiting for the bank to confirm')).toBeInTheDocument();
    expect(screen.getByText(/We have your screenshot/)).toBeInTheDocument();
    const [upload] = posts(calls);
    expect(upload.path).toBe(`/v1/pay/${ID}/screenshot`);
    expect((upload.body as FormData).get('file')).toBe(good);
  });

  it('shows the expired page when the server says the link expired', async () => {
    serve((c) => (c.method === 'POST' ? refused(409, 'This payment link has expired.', 'EXPIRED') : ok(assigned())));
    show();
    await screen.findByText('K7M2Q');
    type('UTR', '412345678901');
    click('Submit UTR');
    expect(await screen.findByRole('heading', { name: 'This payment link has expired' })).toBeInTheDocument();
  });
});

describe('outcomes', () => {
  it('says an unknown link is not valid', async () => {
    serve(() => refused(404, 'Payment not found.', 'NOT_FOUND'));
    show();
    expect(await screen.findByRole('heading', { name: 'This payment link is not valid' })).toBeInTheDocument();
  });

  it('says a malformed link is not valid without asking the server', async () => {
    const calls = serve(() => ok(view()));
    show('not-a-uuid');
    expect(screen.getByRole('heading', { name: 'This payment link is not valid' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says a dropped pay-in has expired', async () => {
    serve(() => ok(assigned({ status: 'DROPPED' })));
    show();
    expect(await screen.findByRole('heading', { name: 'This payment link has expired' })).toBeInTheDocument();
  });

  it('tells the customer to keep the UTR when the payment is being checked', async () => {
    serve(() => ok(assigned({ status: 'DISPUTE', utrSubmitted: true })));
    show();
    expect(await screen.findByRole('heading', { name: 'We are checking your payment' })).toBeInTheDocument();
    expect(screen.getByText(/12-digit bank reference/)).toBeInTheDocument();
  });

  it('offers a retry when the page cannot load', async () => {
    let online = false;
    serve(() => (online ? ok(view()) : 'offline'));
    show();
    expect(await screen.findByRole('heading', { name: 'We could not load this payment' })).toBeInTheDocument();
    online = true;
    click('Try again');
    expect(await screen.findByRole('button', { name: 'Proceed to pay' })).toBeInTheDocument();
  });

  it('confirms success, links back to the merchant and goes there after a few seconds', async () => {
    vi.useFakeTimers({ now: NOW });
    const returnUrl = 'https://shop.example/orders/42?paid=1';
    serve(() => ok(assigned({ status: 'SUCCESS', returnUrl })));
    const redirect = show();
    await advance();
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Asha Stores' })).toHaveAttribute('href', returnUrl);
    await advance(4_000);
    expect(screen.getByText('Taking you back automatically in 1 s…')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
    await advance(1_000);
    expect(redirect).toHaveBeenCalledWith(returnUrl);
  });

  it('never follows a return URL that is not a web address', async () => {
    vi.useFakeTimers({ now: NOW });
    serve(() => ok(assigned({ status: 'SUCCESS', returnUrl: 'javascript:alert(1)' })));
    const redirect = show();
    await advance();
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await advance(10_000);
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('polling', () => {
  it('follows the status while it is open and stops on a final one', async () => {
    vi.useFakeTimers({ now: NOW });
    const answers = [assigned({ status: 'PENDING' }), assigned({ status: 'PENDING' }), assigned({ status: 'SUCCESS' })];
    const calls = serve(() => ok(answers.shift() ?? assigned({ status: 'SUCCESS' })));
    show();
    await advance();
    expect(screen.getByRole('heading', { name: 'Waiting for the bank to confirm' })).toBeInTheDocument();
    expect(gets(calls)).toHaveLength(1);
    await advance(POLL_MS);
    expect(gets(calls)).toHaveLength(2);
    await advance(POLL_MS);
    expect(gets(calls)).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    await advance(POLL_MS * 10);
    expect(gets(calls)).toHaveLength(3);
  });

  it('pauses while the tab is hidden and asks again once it is shown', async () => {
    vi.useFakeTimers({ now: NOW });
    const calls = serve(() => ok(assigned({ status: 'IMG_PENDING', screenshotSubmitted: true })));
    let state: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    show();
    await advance();
    expect(gets(calls)).toHaveLength(1);
    state = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(POLL_MS * 5);
    expect(gets(calls)).toHaveLength(1);
    state = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance();
    expect(gets(calls)).toHaveLength(2);
    await advance(POLL_MS);
    expect(gets(calls)).toHaveLength(3);
  });

  it('does not poll on a status that waits for people, such as a dispute', async () => {
    vi.useFakeTimers({ now: NOW });
    const calls = serve(() => ok(assigned({ status: 'DUPLICATE', utrSubmitted: true })));
    show();
    await advance(POLL_MS * 5);
    expect(gets(calls)).toHaveLength(1);
    expect(within(document.body).getByText(/Please do not pay again/)).toBeInTheDocument();
  });
});
