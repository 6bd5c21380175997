/**
 * Handing the customer over to a payment provider (issue 14): what POST /v1/pay/:id/intent
 * answers, and what the page does with it. RazorPay and CashFree open their checkout over the page
 * (their script loaded on first use), so the page keeps polling the pay-in; PayU takes a form post.
 */
export type IntentOrder =
  | { provider: 'razorpay'; keyId: string; orderId: string; amount: number; currency: string; name: string }
  | { provider: 'cashfree'; orderId: string; paymentSessionId: string; mode: 'sandbox' | 'production' }
  | { provider: 'payu'; action: string; fields: Record<string, string> };

/** Where each provider's checkout script is served (the pay page's Content-Security-Policy allows these). */
export const CHECKOUT_SCRIPTS = {
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
  cashfree: 'https://sdk.cashfree.com/js/v3/cashfree.js',
} as const;

interface RazorpayCheckout {
  open: () => void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;
type CashfreeFactory = (options: { mode: string }) => {
  checkout: (options: Record<string, unknown>) => Promise<{ error?: { message?: string } } | undefined>;
};

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
    Cashfree?: CashfreeFactory;
  }
}

export const SCRIPT_FAILED = 'The payment window could not be loaded. Check your internet connection and try again.';

const loading = new Map<string, Promise<void>>();

/** Adds the script once; a failed load may be tried again. */
export const loadScript = (src: string): Promise<void> => {
  const known = loading.get(src);
  if (known) return known;
  const done = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(SCRIPT_FAILED));
    };
    document.head.appendChild(script);
  });
  loading.set(src, done);
  return done;
};

/** PayU: a form posted to its payment page with the fields the server signed. */
export const postForm = (action: string, fields: Record<string, string>): HTMLFormElement => {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  return form;
};

/**
 * Opens the provider's checkout for the order. Resolves once the customer is handed over; rejects
 * with a message for the customer when the checkout cannot open or the provider reports an error.
 */
export const handOver = async (order: IntentOrder): Promise<void> => {
  if (order.provider === 'payu') {
    postForm(order.action, order.fields);
    return;
  }
  await loadScript(CHECKOUT_SCRIPTS[order.provider]);
  if (order.provider === 'razorpay') {
    if (!window.Razorpay) throw new Error(SCRIPT_FAILED);
    new window.Razorpay({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
    }).open();
    return;
  }
  if (!window.Cashfree) throw new Error(SCRIPT_FAILED);
  const result = await window.Cashfree({ mode: order.mode }).checkout({
    paymentSessionId: order.paymentSessionId,
    redirectTarget: '_modal',
  });
  if (result?.error?.message) throw new Error(result.error.message);
};
