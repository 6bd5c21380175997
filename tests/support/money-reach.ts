import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the deep stage's money property files leave what their runs reached (money-reach-setup.ts). */
    moneyReachDir: string;
  }
}

/** What one file's runs of the money property reached: the kinds of step, the corners, the journals. */
export interface MoneyReach {
  runs: number;
  kinds: Record<string, { ok: number; refused: number }>;
  racedLiens: number;
  journalKinds: string[];
  settlementStatuses: string[];
  merchantSettlements: number;
  transferReversals: number;
  secondLiens: number;
  belowZero: number;
}

export const writeReach = (file: string, reach: MoneyReach) =>
  fs.writeFileSync(path.join(inject('moneyReachDir'), `${file}.json`), JSON.stringify(reach));

/** Every file's reach in this vitest run, by file. */
export const readReach = (): Record<string, MoneyReach> =>
  Object.fromEntries(
    fs
      .readdirSync(inject('moneyReachDir'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [
        f.replace(/\.json$/, ''),
        JSON.parse(fs.readFileSync(path.join(inject('moneyReachDir'), f), 'utf8')) as MoneyReach,
      ]),
  );
