import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, Nullable, enumOf, errorResponses, security } from '../schemas/common';
import { reconcile } from '../services/ledger/reconciliation';
import {
  BANK_DIFFERENCE_KINDS,
  BANK_DIFFERENCES_LISTED,
  BANK_RECORD_ENTITIES,
  UNUSED_ENTRY_HOURS,
} from '../../domain/reconciliation';

const PARTIES = ['merchant', 'vendor', 'provider', 'account', 'journal'] as const;
const WHAT = ['balance', 'held', 'sum'] as const;

const Difference = Type.Object({
  party: enumOf(PARTIES),
  code: Type.String({ description: "the merchant's or vendor's code, the ledger account's key or the journal's key" }),
  what: enumOf(WHAT, 'sum: a journal whose entries do not sum to zero'),
  ledger: Type.Number({ description: 'rupees, as the ledger has it' }),
  rows: Type.Number({
    description: "rupees, from the rows: the money events (DESIGN §5), an account's entries or PENDING holds",
  }),
  difference: Type.Number({ description: 'ledger − rows, rupees' }),
});

const BankRecord = Type.Object({
  entity: enumOf(BANK_RECORD_ENTITIES),
  id: Type.String(),
  label: Type.String({
    description: "a pay-in's or pay-out's merchant order id, a settlement's merchant or vendor code, an entry's UTR",
  }),
  code: Nullable(Type.String({ description: "the merchant's or vendor's code; a bank entry's bank account nickname" })),
  amount: Nullable(Type.Number({ description: "rupees: a pay-in's confirmed amount, the others' amount" })),
});

const BankDifference = Type.Object({
  kind: enumOf(
    BANK_DIFFERENCE_KINDS,
    "entry-amount: a SUCCESS pay-in's confirmed amount differs from its bank entry and no checker approved it after the entry was recorded; utr-reused: one UTR proves several pay-ins, pay-outs, settlements or transfers; payin-without-entry: a SUCCESS pay-in paid into a vendor's account has no bank entry; entry-unused: a credit nobody used after unusedHours",
  ),
  reason: Type.String({ description: 'what differs and what to do, in a sentence' }),
  utr: Nullable(Type.String()),
  records: Type.Array(BankRecord, { description: 'every record involved, oldest first' }),
  amount: Nullable(Type.Number({ description: "rupees, as the rows say: the pay-in's confirmed amount, the entry's" })),
  bankAmount: Nullable(Type.Number({ description: 'rupees, as the bank entry shows' })),
  difference: Nullable(Type.Number({ description: 'amount − bankAmount, rupees' })),
  decision: Nullable(
    Type.Object(
      {
        confirmedBy: Nullable(Type.String()),
        confirmedAt: Nullable(Type.String()),
        checkedBy: Nullable(Type.String()),
      },
      {
        description: "who set the pay-in to SUCCESS (its latest 'confirm' audit event) and the checker who approved it",
      },
    ),
  ),
  credit: Nullable(
    Type.Object(
      {
        state: enumOf(['none', 'free', 'used'] as const),
        entry: Nullable(BankRecord),
        usedBy: Nullable(BankRecord),
      },
      { description: "payin-without-entry: whether a credit with the pay-in's UTR has arrived, and what used it" },
    ),
  ),
});

const Reconciliation = Type.Object({
  differences: Type.Array(Difference, {
    description: 'the ledger against the rows only; empty when every figure agrees (the bank side is in `bank`)',
  }),
  bank: Type.Object(
    {
      differences: Type.Array(BankDifference, { description: `each kind's oldest ${BANK_DIFFERENCES_LISTED} at most` }),
      counts: Type.Object(
        Object.fromEntries(BANK_DIFFERENCE_KINDS.map((k) => [k, Type.Integer({ minimum: 0 })])) as Record<
          (typeof BANK_DIFFERENCE_KINDS)[number],
          ReturnType<typeof Type.Integer>
        >,
        { description: 'how many of each kind there are, listed or not' },
      ),
      limit: Type.Integer({ description: 'how many of each kind are listed at most' }),
      unusedHours: Type.Integer(),
    },
    { description: 'the rows against the bank entries (issue 29)' },
  ),
  clean: Type.Boolean({
    description:
      'true only when `differences` is empty and every `bank.counts` is 0: what a client asking "is everything reconciled" reads',
  }),
  checked: Type.Object({
    merchants: Type.Integer(),
    vendors: Type.Integer(),
    accounts: Type.Integer(),
    journals: Type.Integer(),
    bankEntries: Type.Integer(),
  }),
  checkedAt: Type.String(),
});

const Query = Type.Object(
  {
    unusedHours: Type.Integer({
      minimum: 0,
      maximum: 24 * 366,
      default: UNUSED_ENTRY_HOURS,
      description: 'a credit nobody used is a difference once older than this many hours',
    }),
  },
  { additionalProperties: false },
);

export const reconciliationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reconciliation',
    {
      config: { access: { resource: 'reconciliation', action: 'read' } },
      schema: {
        tags: ['reconciliation'],
        security,
        summary: 'Every balance recomputed from the rows and compared with the ledger; the rows with the bank entries',
        description:
          "Each merchant's balance and held and each vendor's balance (own figures, no sub-merchant roll-up) from their money events, beside the ledger's; every journal sums to zero; every cached balance equals its entries' sum and every held its PENDING holds'. `differences` keeps only those ledger-against-rows figures, as before. The rows against the bank entries are in `bank`: SUCCESS pay-ins whose bank entry shows another amount with no checker's approval, UTRs used more than once, SUCCESS pay-ins without an entry, credits unused after `unusedHours`. `clean` is true only when both sides agree. Read in one snapshot.",
        querystring: Query,
        response: { 200: Data(Reconciliation), ...errorResponses },
      },
    },
    async (request) => ({ data: await reconcile(db, { unusedHours: request.query.unusedHours }) }),
  );
};
