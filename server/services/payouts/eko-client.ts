import { createHmac, randomBytes } from 'node:crypto';
import { outcomeOf, type EkoAnswer, type EkoOutcome } from '../../../domain/eko';

/** Eko's fund-transfer account, from configuration (EKO_*): its base URL points tests at a stand-in. */
export interface EkoConfig {
  apiBase: string;
  developerKey: string;
  accessKey: string;
  initiatorId: string;
  userCode?: string;
  senderName: string;
  /** How long a request may take before it counts as a time-out (which is not a failure). */
  timeoutMs: number;
}

/** One exchange with Eko: what came back and what it means. Never holds a secret. */
export interface EkoReply {
  outcome: EkoOutcome;
  httpStatus: number | null;
  answer: EkoAnswer | null;
  message: string | null;
}

export interface EkoTransfer {
  clientRefId: string;
  recipientName: string;
  account: string;
  ifsc: string;
  /** Whole rupees: Eko takes an integer amount. */
  rupees: number;
}

export interface EkoClient {
  transfer(t: EkoTransfer): Promise<EkoReply>;
  inquire(clientRefId: string): Promise<EkoReply>;
}

/**
 * `secret-key`: base64 HMAC-SHA256 of the timestamp in milliseconds, keyed with the base64 text of
 * the access key (the text itself, not its decoded bytes).
 */
export const ekoSecretKey = (accessKey: string, timestampMs: string): string =>
  createHmac('sha256', Buffer.from(accessKey).toString('base64')).update(timestampMs).digest('base64');

/** A fresh client_ref_id: unique and under 20 characters as Eko requires ("PG" and 16 base-32 letters). */
export const newClientRefId = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `PG${[...randomBytes(16)].map((b) => alphabet[b % 32]).join('')}`;
};

/** IMPS, as the gateway pays out (4 is NEFT, 13 RTGS). */
const IMPS = '5';
const FUND_TRANSFER_SERVICE = '45';

/** The adapter that speaks Eko's API (headers developer_key, secret-key, secret-key-timestamp). */
export const ekoClient = (config: EkoConfig): EkoClient => {
  const base = config.apiBase.replace(/\/+$/, '');
  const headers = () => {
    const timestamp = String(Date.now());
    return {
      developer_key: config.developerKey,
      'secret-key': ekoSecretKey(config.accessKey, timestamp),
      'secret-key-timestamp': timestamp,
      accept: 'application/json',
    };
  };

  const exchange = async (
    kind: 'transfer' | 'inquiry',
    url: string,
    init: { method: string; body?: URLSearchParams },
  ): Promise<EkoReply> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: {
          ...headers(),
          ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        outcome: timedOut ? 'timeout' : 'error',
        httpStatus: null,
        answer: null,
        message: timedOut ? `no answer within ${config.timeoutMs} ms` : 'the connection to Eko failed',
      };
    }
    let answer: EkoAnswer | null = null;
    try {
      const parsed: unknown = JSON.parse(await response.text());
      if (parsed && typeof parsed === 'object') answer = parsed as EkoAnswer;
    } catch {
      answer = null;
    }
    const said = typeof answer?.message === 'string' ? answer.message.slice(0, 300) : null;
    return {
      outcome: outcomeOf(response.status, answer, kind),
      httpStatus: response.status,
      answer,
      message: said ?? (answer ? null : `unreadable answer (HTTP ${response.status})`),
    };
  };

  return {
    transfer: (t) =>
      exchange('transfer', `${base}/user/payment/fund-transfer`, {
        method: 'POST',
        body: new URLSearchParams({
          initiator_id: config.initiatorId,
          ...(config.userCode ? { user_code: config.userCode } : {}),
          client_ref_id: t.clientRefId,
          service_code: FUND_TRANSFER_SERVICE,
          payment_mode: IMPS,
          recipient_name: t.recipientName,
          account: t.account,
          ifsc: t.ifsc,
          amount: String(t.rupees),
          sender_name: config.senderName,
        }),
      }),
    inquire: (clientRefId) => {
      const query = new URLSearchParams({
        initiator_id: config.initiatorId,
        ...(config.userCode ? { user_code: config.userCode } : {}),
      });
      return exchange(
        'inquiry',
        `${base}/tools/reference/transaction/${encodeURIComponent(clientRefId)}?${query.toString()}`,
        { method: 'GET' },
      );
    },
  };
};
