import type { Role } from './roles';

/**
 * Eko's fund transfer (reference/money-and-providers.md, Eko pay-outs): what the gateway makes of
 * each answer. Only a clear `tx_status` ends a pay-out: 0 pays it, 1 or 4 fails it. Anything else
 * (2 awaited, 3 refund pending, 5 hold, a time-out, a 5xx) leaves it waiting for an inquiry.
 */
export type EkoOutcome =
  /** tx_status 0: paid. */
  | 'success'
  /** tx_status 1 (fail) or 4 (refunded): not paid. */
  | 'failed'
  /** tx_status 2, 3 or 5, or an answer that says nothing certain: inquire later. */
  | 'awaited'
  /** The inquiry knows no such transaction. */
  | 'not-found'
  /** response_status_id -2: another transaction of ours is in progress; this one was not taken. */
  | 'busy'
  /** HTTP 4xx (a bad key, a service not activated): the request was refused, nothing was sent. */
  | 'refused'
  /** No answer in time: the transfer may or may not have been made. */
  | 'timeout'
  /** The network failed or the answer was unreadable: as uncertain as a time-out. */
  | 'error';

/** Who may send pay-outs through Eko (the gateway's own wallet), as in the current console. */
export const EKO_ROLES: readonly Role[] = ['ADMIN', 'OPERATIONS'];

/** Why a role outside EKO_ROLES has no Eko choice. */
export const EKO_NOT_FOR_ROLE = 'Only ADMIN and OPERATIONS send pay-outs through Eko.';

/** Whether this role may send through Eko on this server, and why not: the rule the route and the service share. */
export const ekoFor = (configured: boolean, role: Role): { available: boolean; why: string | null } =>
  !configured
    ? { available: false, why: EKO_ABSENT }
    : EKO_ROLES.includes(role)
      ? { available: true, why: null }
      : { available: false, why: EKO_NOT_FOR_ROLE };

/** Why the Eko choice is absent when the server has no Eko account configured. */
export const EKO_ABSENT =
  'Eko is not configured on this server (EKO_API_BASE, EKO_DEVELOPER_KEY, EKO_ACCESS_KEY, EKO_INITIATOR_ID): approve by hand with a UTR.';

export interface EkoAnswer {
  status?: number | string;
  message?: string;
  response_status_id?: number | string;
  data?: Record<string, unknown> | null;
}

const asInt = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
};

export const txStatusOf = (answer: EkoAnswer): number | null => asInt(answer.data?.tx_status);

/** The outcome of an answer Eko gave with an HTTP status (a fund transfer or an inquiry). */
export const outcomeOf = (httpStatus: number, answer: EkoAnswer | null, kind: 'transfer' | 'inquiry'): EkoOutcome => {
  if (httpStatus >= 500 || answer === null) return 'error';
  if (httpStatus >= 400) return 'refused';
  if (asInt(answer.response_status_id) === -2) return 'busy';
  const tx = txStatusOf(answer);
  if (tx === 0) return 'success';
  if (tx === 1 || tx === 4) return 'failed';
  if (tx !== null) return 'awaited';
  // No tx_status: an accepted transfer is awaited; a refused one, or an unknown reference, is not found.
  if (asInt(answer.status) === 0) return kind === 'transfer' && answer.data?.tid ? 'awaited' : 'not-found';
  return kind === 'transfer' ? 'failed' : 'not-found';
};

/** Eko's UTR of a paid transfer: the bank's reference number, else Eko's transaction id. */
export const ekoUtrOf = (answer: EkoAnswer): string | null => {
  const refs = [answer.data?.bank_ref_num, answer.data?.utrnumber, answer.data?.tid];
  const texts = refs.map((r) => (typeof r === 'string' || typeof r === 'number' ? String(r).trim() : ''));
  return texts.find((t) => t !== '') ?? null;
};

/** Eko pays whole rupees to a bank account; a UPI id or paise need another way. */
export const ekoRefusalOf = (p: { amount: number; accountNumber: string | null; ifsc: string | null }) => {
  if (!p.accountNumber || !p.ifsc) return 'Eko pays bank accounts only: approve this UPI pay-out by hand.';
  if (p.amount % 100 !== 0) return 'Eko pays whole rupees only: approve this pay-out by hand.';
  return null;
};

/** The reason a failed transfer's pay-out is rejected with. */
export const ekoFailureReason = (answer: EkoAnswer | null): string => {
  const said = answer?.data?.txstatus_desc ?? answer?.message;
  return `Eko: ${typeof said === 'string' && said.trim() ? said.trim().slice(0, 160) : 'the transfer failed'}`;
};
