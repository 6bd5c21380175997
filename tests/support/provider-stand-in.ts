import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for RazorPay's and CashFree's order APIs on 127.0.0.1, checking every request
 * as their documentation describes it:
 * - RazorPay `POST /v1/orders`: HTTP basic auth key_id:key_secret, a JSON body with `amount` an
 *   integer of paise (at least 100), `currency` INR, a `receipt` of at most 40 characters and
 *   `notes` of string values; answers the order (`id` order_…, status created).
 * - CashFree `POST /pg/orders` (API version 2023-08-01): headers x-client-id, x-client-secret and
 *   x-api-version, a JSON body with `order_id` (letters, digits, '_' and '-', at most 45),
 *   `order_amount` a JSON number of rupees with at most two decimals (at least 1), `order_currency`
 *   INR and `customer_details` with customer_id and a 10-digit customer_phone; answers the order
 *   with its payment_session_id. A second order with the same order_id is refused (409), and
 *   `GET /pg/orders/{order_id}` reads one back.
 * The paths may sit under a prefix (a base URL like {url}/sandbox). What a refused request looked
 * like is kept in `violations`; tests assert there are none.
 */
export type StandInFailure =
  /** A server error with the provider's error body. */
  | 'error'
  /** 200 with a body that is not JSON. */
  | 'garbage'
  /** No answer at all (the client's timeout ends it). */
  | 'hang'
  | null;

export interface StandInOrder {
  provider: 'razorpay' | 'cashfree';
  /** The request's JSON body, as received. */
  request: Record<string, any>;
  /** What the stand-in answered. */
  answer: Record<string, any>;
  headers: IncomingMessage['headers'];
}

export interface ProviderStandIn {
  url: string;
  razorpay: { keyId: string; keySecret: string };
  cashfree: { clientId: string; clientSecret: string };
  /** Tell a provider to fail its next requests (null: answer normally). */
  fail: { razorpay: StandInFailure; cashfree: StandInFailure };
  /** Orders made (valid requests answered 200), oldest first. */
  orders: StandInOrder[];
  /** Every request received, valid or not: provider and path. */
  requests: { provider: string; method: string; path: string }[];
  violations: string[];
  close(): Promise<void>;
}

const RAZORPAY_ERROR = (description: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
  },
});

const CASHFREE_ERROR = (message: string, code = 'request_failed', type = 'invalid_request_error') => ({
  message,
  code,
  type,
});

const twoDecimals = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && Math.round(n * 100) / 100 === n;

export const startProviderStandIn = async (
  razorpay = { keyId: 'rzp_test_StandInKey01', keySecret: 'stand-in-razorpay-secret-0001' },
  cashfree = { clientId: 'TEST-stand-in-client', clientSecret: 'cfsk_ma_test_stand_in_secret_0001' },
): Promise<ProviderStandIn> => {
  const stand = {
    razorpay,
    cashfree,
    fail: { razorpay: null, cashfree: null },
    orders: [],
    requests: [],
    violations: [],
  } as unknown as ProviderStandIn;
  const cashfreeOrders = new Map<string, Record<string, unknown>>();
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, problems: string[], body: unknown) => {
    stand.violations.push(...problems);
    send(res, status, body);
  };
  /** A failure asked for: true when it answered (or chose not to). */
  const failed = (res: ServerResponse, failure: StandInFailure, body: unknown) => {
    if (failure === 'error') send(res, 500, body);
    else if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    } else if (failure === 'hang') hanging.add(res);
    return failure !== null;
  };
  const jsonBody = (req: IncomingMessage, raw: string): Record<string, any> | string => {
    if (!req.headers['content-type']?.startsWith('application/json')) return 'the body is not declared JSON';
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, any>)
        : 'the body is not a JSON object';
    } catch {
      return 'the body is not JSON';
    }
  };

  const razorpayOrder = (req: IncomingMessage, raw: string, res: ServerResponse) => {
    const expected = `Basic ${Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return refuse(res, 401, ['razorpay: wrong basic auth'], RAZORPAY_ERROR('Authentication failed'));
    const body = jsonBody(req, raw);
    if (typeof body === 'string') return refuse(res, 400, [`razorpay: ${body}`], RAZORPAY_ERROR(body));
    const notes = body.notes as unknown;
    const problems = [
      ...(!Number.isInteger(body.amount) ? ['amount must be an integer of paise'] : []),
      ...(Number.isInteger(body.amount) && body.amount < 100 ? ['amount must be at least 100 paise'] : []),
      ...(body.currency !== 'INR' ? ['currency must be INR'] : []),
      ...(typeof body.receipt !== 'string' || body.receipt.length > 40 ? ['receipt must be text of at most 40'] : []),
      ...(notes !== undefined &&
      (typeof notes !== 'object' ||
        notes === null ||
        Object.values(notes).some((v) => typeof v !== 'string' || v.length > 256))
        ? ['notes must hold text values']
        : []),
    ].map((p) => `razorpay: ${p}`);
    if (problems.length > 0) return refuse(res, 400, problems, RAZORPAY_ERROR(problems.join('; ')));
    if (failed(res, stand.fail.razorpay, RAZORPAY_ERROR('We are facing some trouble completing your request'))) return;
    const answer = {
      id: `order_${randomBytes(7).toString('hex').slice(0, 14)}`,
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: 'INR',
      receipt: body.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: notes ?? [],
      created_at: Math.floor(Date.now() / 1000),
    };
    stand.orders.push({ provider: 'razorpay', request: body, answer, headers: req.headers });
    send(res, 200, answer);
  };

  const cashfreeSigned = (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers['x-client-id'] !== cashfree.clientId || req.headers['x-client-secret'] !== cashfree.clientSecret) {
      refuse(
        res,
        401,
        ['cashfree: wrong x-client-id or x-client-secret'],
        CASHFREE_ERROR('authentication Failed', 'request_failed', 'authentication_error'),
      );
      return false;
    }
    if (req.headers['x-api-version'] !== '2023-08-01') {
      refuse(res, 400, ['cashfree: x-api-version must be 2023-08-01'], CASHFREE_ERROR('x-api-version is invalid'));
      return false;
    }
    return true;
  };

  const cashfreeOrder = (req: IncomingMessage, raw: string, res: ServerResponse) => {
    if (!cashfreeSigned(req, res)) return;
    const body = jsonBody(req, raw);
    if (typeof body === 'string') return refuse(res, 400, [`cashfree: ${body}`], CASHFREE_ERROR(body));
    const customer = body.customer_details as Record<string, unknown> | undefined;
    const problems = [
      ...(typeof body.order_id !== 'string' || !/^[A-Za-z0-9_-]{3,45}$/.test(body.order_id)
        ? ['order_id must be 3 to 45 letters, digits, _ or -']
        : []),
      ...(!twoDecimals(body.order_amount) ? ['order_amount must be a number with at most two decimals'] : []),
      ...(typeof body.order_amount === 'number' && body.order_amount < 1 ? ['order_amount must be at least 1'] : []),
      ...(body.order_currency !== 'INR' ? ['order_currency must be INR'] : []),
      ...(!customer || typeof customer !== 'object' ? ['customer_details is missing'] : []),
      ...(customer && (typeof customer.customer_id !== 'string' || !/^[A-Za-z0-9_-]{1,50}$/.test(customer.customer_id))
        ? ['customer_details.customer_id must be 1 to 50 letters, digits, _ or -']
        : []),
      ...(customer && (typeof customer.customer_phone !== 'string' || !/^\d{10}$/.test(customer.customer_phone))
        ? ['customer_details.customer_phone must be 10 digits']
        : []),
    ].map((p) => `cashfree: ${p}`);
    if (problems.length > 0) return refuse(res, 400, problems, CASHFREE_ERROR(problems.join('; ')));
    if (failed(res, stand.fail.cashfree, CASHFREE_ERROR('internal server error', 'internal_error', 'api_error')))
      return;
    if (cashfreeOrders.has(body.order_id))
      return send(
        res,
        409,
        CASHFREE_ERROR('order with same id is already present', 'order_already_exists', 'invalid_request_error'),
      );
    const answer = {
      cf_order_id: String(2_000_000_000 + cashfreeOrders.size),
      order_id: body.order_id,
      entity: 'order',
      order_currency: 'INR',
      order_amount: body.order_amount,
      order_status: 'ACTIVE',
      payment_session_id: `session_${randomBytes(24).toString('base64url')}`,
      order_expiry_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      order_note: body.order_note ?? null,
      created_at: new Date().toISOString(),
      customer_details: customer,
      order_meta: { return_url: null, notify_url: null, payment_methods: null },
    };
    cashfreeOrders.set(body.order_id, answer);
    stand.orders.push({ provider: 'cashfree', request: body, answer, headers: req.headers });
    send(res, 200, answer);
  };

  const cashfreeRead = (req: IncomingMessage, orderId: string, res: ServerResponse) => {
    if (!cashfreeSigned(req, res)) return;
    const found = cashfreeOrders.get(orderId);
    if (!found) return send(res, 404, CASHFREE_ERROR('order not found', 'order_not_found'));
    send(res, 200, found);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const method = req.method ?? 'GET';
      const read = /\/pg\/orders\/([^/]+)$/.exec(path);
      if (path.endsWith('/v1/orders')) {
        stand.requests.push({ provider: 'razorpay', method, path });
        if (method === 'POST') return razorpayOrder(req, raw, res);
      } else if (path.endsWith('/pg/orders')) {
        stand.requests.push({ provider: 'cashfree', method, path });
        if (method === 'POST') return cashfreeOrder(req, raw, res);
      } else if (read) {
        stand.requests.push({ provider: 'cashfree', method, path });
        if (method === 'GET') return cashfreeRead(req, decodeURIComponent(read[1]), res);
      }
      stand.violations.push(`unexpected ${method} ${path}`);
      send(res, 404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stand.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return stand;
};
