import { kindOf, PAYIN_FEES, PAYOUT_FEES, reversal, type AccountKey, type Line } from './ledger';

/**
 * Rollups (issue 13): what each party's money did per IST day and per IST hour, kept in the
 * transaction of each journal, so that boards and the Accounts reports add up a few rows per
 * day instead of scanning the money events. A party is a ledger account that belongs to someone
 * (`merchant:<id>`, `vendor:<id>`, `bank:<id>`), plus two of their own: `collected:<bank id>`
 * (bank entries recorded on an account, matched or not) and `payins:<merchant id>` (pay-ins
 * created, and those of them that succeeded, counted on the hour they were created).
 */
export const MEASURES = [
  'payinCount',
  'payinAmount',
  'payinFee',
  'payoutCount',
  'payoutAmount',
  'payoutFee',
  'reversedCount',
  'reversedAmount',
  'reversedFee',
  'settlementCount',
  'settlementAmount',
  'chargebackCount',
  'chargebackAmount',
  /** A vendor's commission earned (on its own account's rows). */
  'commission',
  /** The party's balance moved: a merchant's as shown (owed to it), a vendor's or bank's as held. */
  'balance',
  'collectedCount',
  'collectedAmount',
  'createdCount',
  'succeededCount',
] as const;
export type Measure = (typeof MEASURES)[number];

/** A measure's column in money_rollups (payinCount → payin_count). */
export const columnOf = (m: Measure): string => m.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export type Deltas = Partial<Record<Measure, number>>;

export interface RollupDelta {
  party: string;
  deltas: Deltas;
}

const isParty = (key: AccountKey) => ['merchant', 'vendor', 'bank'].includes(kindOf(key));
const sumOf = (lines: readonly Line[], pick: (l: Line) => boolean) =>
  lines.filter(pick).reduce((s, l) => s + l.amount, 0);

/** Adds deltas into the map of parties, in place. */
const add = (into: Map<string, Deltas>, party: string, deltas: Deltas) => {
  const row = into.get(party) ?? {};
  for (const [m, v] of Object.entries(deltas) as [Measure, number][]) row[m] = (row[m] ?? 0) + v;
  into.set(party, row);
};

/** The measures of an event, read from its lines as posted at success (reversals are negated back first). */
const eventMeasures = (kind: string, lines: readonly Line[], into: Map<string, Deltas>) => {
  const [event, step] = kind.split('.') as [string, string | undefined];
  const undo = step === 'reversal';
  const success = undo ? reversal(lines) : lines;
  const s = undo ? -1 : 1;
  const merchant = success.find((l) => kindOf(l.account) === 'merchant')?.account;
  const vendor = success.find((l) => kindOf(l.account) === 'vendor')?.account;
  const banks = success.filter((l) => kindOf(l.account) === 'bank');
  if (event === 'payin') {
    const amount = sumOf(banks, () => true);
    const fee = -sumOf(success, (l) => l.account === PAYIN_FEES);
    if (merchant) add(into, merchant, { payinCount: s, payinAmount: s * amount, payinFee: s * fee });
    for (const b of banks) add(into, b.account, { payinCount: s, payinAmount: s * b.amount });
    if (vendor) add(into, vendor, { commission: -s * sumOf(success, (l) => l.account === vendor) });
  } else if (event === 'payout') {
    const fee = -sumOf(success, (l) => l.account === PAYOUT_FEES);
    const paid = success.filter(
      (l) => l.amount < 0 && kindOf(l.account) !== 'income' && l.account !== vendor && l.account !== merchant,
    );
    const amount = -sumOf(paid, () => true);
    const [count, sum, fees] = undo
      ? (['reversedCount', 'reversedAmount', 'reversedFee'] as const)
      : (['payoutCount', 'payoutAmount', 'payoutFee'] as const);
    if (merchant) add(into, merchant, { [count]: 1, [sum]: amount, [fees]: fee });
    for (const b of paid.filter((l) => kindOf(l.account) === 'bank'))
      add(into, b.account, { [count]: 1, [sum]: -b.amount });
    if (vendor) add(into, vendor, { commission: -s * sumOf(success, (l) => l.account === vendor) });
  } else if (event === 'settlement' && merchant) {
    add(into, merchant, { settlementCount: s, settlementAmount: s * sumOf(success, (l) => l.account === merchant) });
  } else if (event === 'lien' && merchant) {
    add(into, merchant, { chargebackCount: s, chargebackAmount: s * sumOf(success, (l) => l.account === merchant) });
  } else if (event === 'vendor-settlement' && vendor) {
    add(into, vendor, { settlementCount: s, settlementAmount: -s * sumOf(success, (l) => l.account === vendor) });
  }
};

/**
 * What one journal adds to each party's rollup: its balance moved by every line on the party's
 * account, and the counts and sums of the event its kind names. A merchant's balance moves by
 * exactly its pay-ins less fees, pay-outs and fees, reversals, settlements and chargebacks (DESIGN
 * §5), so the rollups of a period add up to the ledger's movement of that period.
 */
export const rollupDeltas = (kind: string, lines: readonly Line[]): RollupDelta[] => {
  const into = new Map<string, Deltas>();
  for (const line of lines)
    if (isParty(line.account))
      add(into, line.account, { balance: kindOf(line.account) === 'merchant' ? -line.amount : line.amount });
  eventMeasures(kind, lines, into);
  return [...into].map(([party, deltas]) => ({ party, deltas }));
};

/** The party of the bank entries recorded on a bank account. */
export const collectedParty = (bankAccountId: string) => `collected:${bankAccountId}`;
/** The party of a merchant's pay-ins counted by their creation. */
export const payinsParty = (merchantId: string) => `payins:${merchantId}`;

/**
 * Every merchant together: the sums of all `merchant:` parties and of all `payins:` parties, kept
 * as parties of their own (folded from pending rows, services/ledger/rollup-folds.ts) so that the
 * Dashboard of all merchants reads a row a day, not a row a merchant a day.
 */
export const ALL_MERCHANTS = 'all:merchants';
export const ALL_PAYINS = 'all:payins';
/** The merchant id of the all-merchants histogram of times to SUCCESS. */
export const ALL_MERCHANTS_ID = '00000000-0000-0000-0000-000000000000';

/** The all-merchants party a party's rows also count in, if any. */
export const allPartyOf = (party: string): string | null =>
  party.startsWith('merchant:') ? ALL_MERCHANTS : party.startsWith('payins:') ? ALL_PAYINS : null;

/** Sums rollup deltas of many journals per party (one upsert for a batch). */
export const mergeDeltas = (all: readonly RollupDelta[]): RollupDelta[] => {
  const into = new Map<string, Deltas>();
  for (const d of all) add(into, d.party, d.deltas);
  return [...into].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([party, deltas]) => ({ party, deltas }));
};

/**
 * The histogram of how long pay-ins took from creation to SUCCESS: bin i holds the times from
 * SPEED_BOUNDS[i] seconds up to the next bound; the last bin everything longer.
 */
export const SPEED_BOUNDS = [
  0, 15, 30, 45, 60, 90, 120, 150, 180, 240, 300, 360, 420, 480, 540, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200,
  10800, 14400, 21600, 43200, 86400,
] as const;

export const speedBinOf = (seconds: number): number => {
  let bin = 0;
  while (bin + 1 < SPEED_BOUNDS.length && seconds >= SPEED_BOUNDS[bin + 1]) bin += 1;
  return bin;
};

/**
 * The median of a histogram (counts by bin), read linearly inside the bin that holds it: seconds,
 * rounded; null when it is empty. The last bin, open above, answers its lower bound.
 */
export const medianSeconds = (counts: ReadonlyMap<number, number>): number | null => {
  const total = [...counts.values()].reduce((s, c) => s + c, 0);
  if (total === 0) return null;
  const half = total / 2;
  let below = 0;
  for (let bin = 0; bin < SPEED_BOUNDS.length; bin += 1) {
    const n = counts.get(bin) ?? 0;
    if (n > 0 && below + n >= half) {
      const low = SPEED_BOUNDS[bin];
      const high = SPEED_BOUNDS[bin + 1];
      return high === undefined ? low : Math.round(low + ((half - below) / n) * (high - low));
    }
    below += n;
  }
  return null;
};
