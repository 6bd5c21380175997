/**
 * One bank movement, one use (DESIGN §4, controls): a UTR names money that moved, so once it paid a
 * pay-in or proved a pay-out, a settlement or an internal transfer it is used, and the database keeps
 * it so (the `utr_uses` table: the UTR is its key). This names the records that use one and says
 * what a person is told when a UTR is taken.
 */
export const UTR_USERS = ['payins', 'payouts', 'settlements', 'vendor-settlements'] as const;
export type UtrUser = (typeof UTR_USERS)[number];

export interface UtrUse {
  utr: string;
  entity: UtrUser;
  entityId: string;
  /** What a person calls the record: its merchant order id, or the settlement's party. */
  label?: string | null;
}

const KIND: Record<UtrUser, string> = {
  payins: 'pay-in',
  payouts: 'pay-out',
  settlements: 'settlement',
  'vendor-settlements': 'vendor settlement',
};

/** The kind of record that used a UTR, as people say it. */
export const utrUserKind = (entity: UtrUser) => KIND[entity];

/** The 409's message: which record already used this UTR. */
export const utrUsedMessage = (use: UtrUse) =>
  `UTR ${use.utr} was already used by ${KIND[use.entity]} ${use.label ?? use.entityId}: one bank transfer proves one payment.`;

/**
 * A free credit's UTR as a vendor's users see it: its last four digits only. Whoever knows a free
 * credit's whole UTR could hand it to a customer to claim; the vendor needs only to recognise it.
 */
export const maskedUtr = (utr: string) => `${'•'.repeat(Math.max(0, utr.length - 4))}${utr.slice(-4)}`;
