import { backgroundCpu, watchOtherCpu } from './machine';
import { loadSettings } from './settings';
import { round } from './stats';
import { fmt } from './table';

/** Share of all cores other processes kept busy just before and during a measurement. */
export interface OtherCpu {
  before: number | null;
  during: number | null;
}
export type Measured<T> = T & { otherCpu: OtherCpu };

/** Above this share of the cores used by others, figures count as disturbed. */
export const QUIET = 0.15;

const { waitQuietSeconds } = loadSettings();

/** Others' share of the cores right now (this bench idle), after waiting up to BENCH_WAIT_QUIET_SECONDS for it to fall under 15%. */
const quietEnough = async (): Promise<number | null> => {
  const until = Date.now() + waitQuietSeconds * 1000;
  let busy = await backgroundCpu();
  while (busy !== null && busy > QUIET && Date.now() < until) busy = await backgroundCpu(1000);
  return busy;
};

const share = (v: number | null) => (v === null ? null : round(v, 3));

/** Runs work (after prepare, not watched) noting how busy other processes kept the cores. */
export const measured = async <T>(work: () => Promise<T>, prepare?: () => Promise<unknown>): Promise<Measured<T>> => {
  const before = await quietEnough();
  await prepare?.();
  const stop = watchOtherCpu();
  const result = await work();
  return { ...result, otherCpu: { before: share(before), during: share(stop()) } };
};

export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${fmt(v * 100, 0)}%`);
export const others = (o: OtherCpu | undefined) => (o ? `${pct(o.before)} / ${pct(o.during)}` : '–');

/** The before and during shares of the given measurements, for the "disturbed" warning. */
export const otherShares = (all: (OtherCpu | undefined)[]): number[] =>
  all.flatMap((o) => [o?.before, o?.during]).filter((v): v is number => typeof v === 'number');
