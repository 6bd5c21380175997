import type { Static } from '@fastify/type-provider-typebox';
import type {
  BankEntryAdded as AddedSchema,
  BankEntryView,
  ImportResult as ImportResultSchema,
  ImportRowError as ImportRowErrorSchema,
} from '../../../server/schemas/bank-entries';

/** A credit seen on a bank statement, as the API shows it: `used` once a pay-in took the money. */
export type BankEntry = BankEntryView;

/** What adding an entry did: the entry, and the pay-in it completed, if any. */
export type BankEntryAdded = Static<typeof AddedSchema>;

/** A line of an uploaded statement the server refused, with why. */
export type ImportRowError = Static<typeof ImportRowErrorSchema>;

export type ImportResult = Static<typeof ImportResultSchema>;
