import { and, eq } from 'drizzle-orm';
import { checkerRequests, users } from '../../server/db/schema';
import type { ConfirmationKind } from '../../domain/confirmations';
import { CHECKER_RUPEES } from './payout-moves';
import { utrOf } from './deposits';
import { confirm } from './roles';
import type { TestServer } from './server';
import type { Reference } from './settlement-step-kinds';

/** What the settlement moves send (tests/support/settlement-moves.ts, vendor-settlement-moves.ts). */
export type Demo = { s: TestServer; t: Record<string, string> };

export const BANK_DETAILS = { accountHolder: 'Bolt Traders', accountNumber: '001234567890', ifsc: 'hdfc0001234' };
const WALLET = { wallet: 'TRON', walletAddress: 'TXyz1234567890abcdef' };

/** Where the money goes, as each method needs it; `bad`: one field missing or one too many. */
export const destinationFor = (method: string, bad: boolean): Record<string, string> => {
  if (method === 'BANK' || method === 'INTERNAL_BANK_TRANSFER')
    return bad ? { accountHolder: 'Bolt Traders', accountNumber: '001234567890' } : BANK_DETAILS;
  if (method === 'CRYPTO') return bad ? { wallet: 'TRON' } : WALLET;
  return bad ? { accountHolder: 'Cash Desk' } : {};
};

/** The reference typed on approval, and whether the method takes it (BANK and transfers: a UTR). */
export const referenceFor = (ref: Reference, needsUtr: boolean) => {
  const reference = { utr: utrOf(13), receipt: 'receipt 42', none: undefined, bad: '#bad!' }[ref];
  return { reference, valid: ref !== 'bad' && (needsUtr ? ref === 'utr' : true) };
};

/** Password confirmations for both resets: each serves one request, so one is asked for every request. */
export const resetConfirmations = (demo: Demo) => async (as: 'admin' | 'transactions', kind: ConfirmationKind) =>
  confirm(demo.s, demo.t[as], kind);

/**
 * An approval as the four eyes see it (issue 29): never by the creator; above the checker threshold
 * the first staff user's call waits and another's, repeating the maker's reference, pays it. Answers
 * the reference to send, whether the call is allowed, and whether it only records a request.
 */
export const approvalOf = async (
  demo: Demo,
  entity: 'settlements' | 'vendor-settlements',
  row: { id: string; amount: number; createdBy: string | null; status: string },
  as: string,
  typed: { reference: string | undefined; valid: boolean },
) => {
  const [waiting] = await demo.s.db
    .select()
    .from(checkerRequests)
    .where(and(eq(checkerRequests.entity, entity), eq(checkerRequests.entityId, row.id)));
  const [user] = await demo.s.db.select({ id: users.id }).from(users).where(eq(users.userName, as));
  const needs = row.amount > CHECKER_RUPEES * 100;
  const checking = needs && waiting !== undefined;
  const asked = waiting?.details as { reference?: string | null } | undefined;
  const reference = checking ? (asked?.reference ?? undefined) : typed.reference;
  const kind = entity === 'settlements' ? 'settlement.approve' : 'vendor-settlement.approve';
  const staff = as === 'admin' || as === 'transactions';
  return {
    reference,
    valid: checking || typed.valid,
    independent: user?.id !== row.createdBy && !(checking && waiting.makerId === user?.id),
    waits: needs && !checking,
    maker: waiting?.makerName ?? null,
    // A password typed costs a hash: asked only where the rules could let the call through.
    headers: staff && row.status === 'INITIATED' ? await confirm(demo.s, demo.t[as], kind) : undefined,
  };
};
