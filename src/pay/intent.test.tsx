import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayView } from './api';
import { PayPage } from './PayPage';
import { CHECKOUT_SCRIPTS } from './providerCheckout';
import { POLL_MS } from './usePayin';
import { assignedViewOf } from './test-views';

const ID = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';

const assigned = (over: Partial<PayView> = {}): PayView =>
  assignedViewOf({ intentProviders: ['razorpay', 'cashfree', 'payu'], ...over });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The pay-in as `view` says; POST …/intent answers with `intent`. */
const serve = (view: () => PayView, intent: (call: Call) => Response = () => json(500, {})) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method: init.method ?? 'GET', path: String(input), body };
      calls.push(call);
      return call.method === 'POST' && call.path.endsWith('/intent') ? intent(call) : json(200, { data: view() });
    }),
  );
  return calls;
};

const show = () => render(<PayPage id={ID} redirect={vi.fn()} />);

/** With fake timers: lets pending answers and effects run, then moves the clock. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

const openIntentTab = async () => fireEvent.click(await screen.findByRole('tab', { name: 'Pay with UPI app' }));
const scriptOf = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
  delete window.Cashfree;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('the pay page without providers', () => {
  it('has no tabs and no intent when the page may offer no provider', async () => {
    serve(() => assigned({ intentProviders: [] }));
    show();
    expect(await screen.findByText('K7M2Q')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay with / })).not.toBeInTheDocument();
    expect(screen.getByText('Pay by bank transfer (IMPS / NEFT)')).toBeInTheDocument();
  });
});

describe('"Pay with UPI app"', () => {
  it('is a third tab beside UPI and bank transfer, with a button per provider offered', async () => {
    serve(() => assigned({ intentProviders: ['cashfree', 'payu'] }));
    show();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['UPI', 'Bank transfer', 'Pay with UPI app']);
    await openIntentTab();
    expect(screen.getByRole('button', { name: 'Pay with CashFree' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay with PayU' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay with RazorPay' })).not.toBeInTheDocument();
    // The proof of payment belongs to the manual tabs.
    expect(screen.getByRole('button', { name: 'Submit UTR', hidden: true })).not.toBeVisible();
  });

  it("shows the provider's error on the page and keeps the manual tabs usable", async () => {
    const calls = serve(
      () => assigned(),
      () =>
        json(502, {
          error: { message: 'CashFree did not answer. Please pay by UPI instead.', code: 'PROVIDER_ERROR' },
        }),
    );
    show();
    await openIntentTab();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with CashFree' }));
    expect(await screen.findByText('CashFree did not answer. Please pay by UPI instead.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/v1/pay/${ID}/intent`, body: { provider: 'cashfree' } },
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    expect(screen.getByText('50100123456789')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit UTR' })).toBeVisible();
  });

  it('posts the PayU form to its action with every field', async () => {
    const fields = { key: 'pk_1', txnid: 'abc123', amount: '1500.00', hash: 'f00d' };
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    serve(
      () => assigned(),
      () => json(200, { data: { provider: 'payu', action: 'https://test.payu.in/_payment', fields } }),
    );
    show();
    await openIntentTab();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayU' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const [form] = submitted;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://test.payu.in/_payment');
    const sent = Object.fromEntries(new FormData(form).entries());
    expect(sent).toEqual(fields);
  });

  it("loads RazorPay's checkout on first use and opens it with the order", async () => {
    const opened: Record<string, unknown>[] = [];
    serve(
      () => assigned({ amountFixed: false }),
      () =>
        json(200, {
          data: {
            provider: 'razorpay',
            keyId: 'rzp_test_1',
            orderId: 'order_9',
            amount: 150000,
            currency: 'INR',
            name: 'Asha Stores',
          },
        }),
    );
    show();
    await openIntentTab();
    expect(scriptOf(CHECKOUT_SCRIPTS.razorpay)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with RazorPay' }));
    await waitFor(() => expect(scriptOf(CHECKOUT_SCRIPTS.razorpay)).not.toBeNull());
    window.Razorpay = class {
      constructor(readonly options: Record<string, unknown>) {}
      open() {
        opened.push(this.options);
      }
    };
    act(() => void scriptOf(CHECKOUT_SCRIPTS.razorpay)!.dispatchEvent(new Event('load')));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ key: 'rzp_test_1', order_id: 'order_9', amount: 150000, currency: 'INR' });
    expect(await screen.findByText(/Complete the payment in the payment window/)).toBeInTheDocument();
  });

  it("hands CashFree's checkout the session id and mode, then shows the payment once the polling sees it", async () => {
    vi.useFakeTimers();
    let paid = false;
    const checkouts: unknown[] = [];
    const modes: unknown[] = [];
    serve(
      () => assigned({ status: paid ? 'SUCCESS' : 'ASSIGNED' }),
      () =>
        json(200, { data: { provider: 'cashfree', orderId: 'o-1', paymentSessionId: 'session_42', mode: 'sandbox' } }),
    );
    show();
    await advance();
    fireEvent.click(screen.getByRole('tab', { name: 'Pay with UPI app' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with CashFree' }));
    await advance();
    window.Cashfree = (options) => {
      modes.push(options.mode);
      return {
        checkout: async (o) => {
          checkouts.push(o);
          return undefined;
        },
      };
    };
    scriptOf(CHECKOUT_SCRIPTS.cashfree)!.dispatchEvent(new Event('load'));
    await advance();
    expect(checkouts).toEqual([{ paymentSessionId: 'session_42', redirectTarget: '_modal' }]);
    expect(modes).toEqual(['sandbox']);

    paid = true;
    await advance(POLL_MS);
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
  });
});
