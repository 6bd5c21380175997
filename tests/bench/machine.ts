import fs from 'node:fs';
import os from 'node:os';

/** Busy and total CPU time of all cores, in clock ticks. */
const cpuTimes = (): { busy: number; total: number } | null => {
  try {
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
    const v = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = v.reduce((s, x) => s + x, 0);
    return { busy: total - v[3] - (v[4] ?? 0), total };
  } catch {
    return null;
  }
};

interface Proc {
  ppid: number;
  comm: string;
  ticks: number;
}

const processes = (): Map<number, Proc> => {
  const out = new Map<number, Proc>();
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const f = stat.slice(close + 2).split(' ');
      out.set(Number(name), {
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]),
      });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
};

/** Clock ticks a second as /proc counts them (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** This process's CPU ticks: its own, and its own plus those of the children it has reaped. */
const ownTicks = (): { alone: number; withChildren: number } => {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const alone = Number(f[11]) + Number(f[12]);
    return { alone, withChildren: alone + Number(f[13]) + Number(f[14]) };
  } catch {
    return { alone: 0, withChildren: 0 };
  }
};
const selfOnly = () => ownTicks().alone;
const selfTicks = () => ownTicks().withChildren;

const isDescendant = (procs: Map<number, Proc>, pid: number): boolean => {
  for (let p = procs.get(pid)?.ppid, hops = 0; p !== undefined && p > 1 && hops < 64; p = procs.get(p)?.ppid, hops++) {
    if (p === process.pid) return true;
  }
  return false;
};

const descendantTicks = (procs: Map<number, Proc>): number => {
  let sum = 0;
  for (const [pid, proc] of procs) if (isDescendant(procs, pid)) sum += proc.ticks;
  return sum;
};

/**
 * The ticks the database server's processes ("postgres") use from now on, counted at each
 * sample() (one that ends between samples loses at most one interval); `leaveOut` names processes
 * not to count.
 */
const databaseTicks = (leaveOut: (procs: Map<number, Proc>, pid: number) => boolean = () => false) => {
  let last = processes();
  let ticks = 0;
  const sample = () => {
    const now = processes();
    for (const [pid, proc] of now) {
      if (proc.comm !== 'postgres' || leaveOut(now, pid)) continue;
      const before = last.get(pid);
      ticks += before && before.comm === proc.comm ? Math.max(0, proc.ticks - before.ticks) : proc.ticks;
    }
    last = now;
    return now;
  };
  return { sample, ticks: () => ticks, last: () => last };
};

/**
 * Watches how much of all cores processes other than this bench, its descendants and the database
 * server ("postgres" processes) keep busy. Descendants count in full, reaped ones through this
 * process's children's time; database processes are sampled once a second (one that ends between
 * samples loses at most a second). stop() gives the share over the watch (null without /proc).
 */
export const watchOtherCpu = () => {
  const start = cpuTimes();
  const self0 = selfTicks();
  const database = databaseTicks(isDescendant);
  const desc0 = descendantTicks(database.last());
  const timer = setInterval(database.sample, 1000);
  return (): number | null => {
    clearInterval(timer);
    const now = database.sample();
    const end = cpuTimes();
    if (!start || !end || end.total === start.total) return null;
    const ours = selfTicks() - self0 + descendantTicks(now) - desc0 + database.ticks();
    return Math.min(1, Math.max(0, (end.busy - start.busy - ours) / (end.total - start.total)));
  };
};

/**
 * Where CPU time went while watched, in microseconds: this process, the children it reaped (a load
 * generator run to its end), the database server's processes (sampled as watchOtherCpu does) and
 * all cores' busy time. For a request's cost beyond the server's own process (null without /proc).
 */
export const watchCpuSplit = () => {
  const start = cpuTimes();
  const [self0, all0] = [selfOnly(), selfTicks()];
  const database = databaseTicks();
  const timer = setInterval(database.sample, 500);
  return () => {
    clearInterval(timer);
    database.sample();
    const end = cpuTimes();
    if (!start || !end) return null;
    const us = 1e6 / TICKS_PER_SECOND;
    const self = selfOnly() - self0;
    return {
      self: self * us,
      children: (selfTicks() - all0 - self) * us,
      database: database.ticks() * us,
      // /proc/stat counts every core: its busy ticks are CPU time, as the others are.
      busy: (end.busy - start.busy) * us,
    };
  };
};

/** Share of all cores other processes keep busy over `ms` while this bench is idle. */
export const backgroundCpu = async (ms = 500): Promise<number | null> => {
  const stop = watchOtherCpu();
  await new Promise((r) => setTimeout(r, ms));
  return stop();
};

export const loadAverage = () => os.loadavg()[0];
