/**
 * The one reading of a lifecycle's transition table (pay-ins, pay-outs, settlements): each row names
 * an action and the statuses it may start from. Each lifecycle keeps its own table and words.
 */
export interface TransitionRow<A extends string, S extends string> {
  action: A;
  from: readonly S[];
}

/** The row of an action; a table without it is a programming error. */
export const rowOf = <A extends string, S extends string, T extends TransitionRow<A, S>>(
  table: readonly T[],
  action: A,
): T => {
  const found = table.find((t) => t.action === action);
  if (!found) throw new Error(`no transition for ${action}`);
  return found;
};

/** May a record in status `from` take this action? */
export const mayMove = <A extends string, S extends string>(
  table: readonly TransitionRow<A, S>[],
  action: A,
  from: S,
): boolean => rowOf(table, action).from.includes(from);

/** The 409's message: "A pay-in in status X cannot be confirmed; only one in A, B can." */
export const refusalIn = <A extends string, S extends string>(
  words: { noun: string; past: Record<A, string>; or?: string },
  table: readonly TransitionRow<A, S>[],
  action: A,
  from: S,
): string =>
  `A ${words.noun} in status ${from} cannot be ${words.past[action]}; only one in ${rowOf(table, action).from.join(words.or ?? ', ')} can.`;
