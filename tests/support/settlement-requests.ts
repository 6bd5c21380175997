import type { ConfirmationKind } from '../../domain/confirmations';
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
