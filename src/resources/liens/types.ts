import type { JournalLine } from '../payins/types';

/** A chargeback as the ChargeBack screen lists it (server/schemas/liens.ts LienView): rupees, ISO UTC times. */
export interface Lien {
  id: string;
  merchantCode: string;
  payinId: string;
  merchantOrderId: string;
  customerId: string;
  amount: number;
  /** The IST day the customer's bank took the money back, yyyy-mm-dd. */
  receivedAt: string;
  reason: string;
  createdByName: string | null;
  createdAt: string;
}

/** The show view: the row and the journal lines that debited the merchant. */
export interface LienDetail extends Lien {
  journal: JournalLine[];
}

/** The body of POST /v1/liens. */
export interface LienBody {
  merchantCode: string;
  merchantOrderId: string;
  customerId: string;
  amount: number;
  receivedAt: string;
  reason: string;
}
