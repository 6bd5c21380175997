import { PROVIDER_LABEL, type Provider } from '../../../domain/providers';
import { AppError } from '../../errors';

/**
 * Calling a payment provider's API (issue 14): JSON in and out within a timeout, and the one error
 * every failure becomes (502 PROVIDER_ERROR), whose detail goes to the log only.
 */

/** Long enough for a provider's slow answer, short enough that a customer is not left waiting. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A provider did not start the payment: 502 PROVIDER_ERROR, a message for the customer naming the
 * provider, and `detail` for the server's log (never a secret: statuses and the provider's words).
 */
export class ProviderError extends AppError {
  constructor(
    readonly provider: Provider,
    readonly detail: string,
  ) {
    super(
      502,
      'PROVIDER_ERROR',
      `${PROVIDER_LABEL[provider]} could not start this payment right now. Please try again, or pay by bank transfer.`,
    );
  }
}

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** One call: JSON in and out, within the timeout. Transport failures and unreadable answers are ProviderErrors. */
export const exchange = async (
  provider: Provider,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<Answer> => {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError(provider, timedOut ? `no answer within ${timeoutMs} ms` : 'the connection failed');
  }
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: response.status, body };
};

/** What a provider said when it refused, for the log: its status and its own error words, shortened. */
export const refusal = (answer: Answer): string => {
  const said = answer.body?.error ?? answer.body?.message ?? answer.body?.code;
  const words =
    typeof said === 'string'
      ? said
      : said && typeof said === 'object'
        ? String((said as Record<string, unknown>).description ?? (said as Record<string, unknown>).code ?? '')
        : '';
  return `HTTP ${answer.status}${words ? `: ${words.slice(0, 200)}` : ''}`;
};

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= 500 ? value : null;
