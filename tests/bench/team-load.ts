import { performance } from 'node:perf_hooks';
import { PAYIN_VIEWS } from '../../domain/payin';
import { PAYOUT_VIEWS } from '../../domain/payout';
import { istDay } from './sql-probes';
import { percentile, round } from './stats';

/**
 * The small team's load (issue 15, item 3): people browsing the console while one merchant creates
 * pay-ins through its API, against one server, for a fixed time. Each person asks for a screen,
 * waits for the whole answer, thinks 0–200 ms (uniform), then asks for the next: a closed loop with
 * think time. The creations are open-loop: sent on a fixed schedule whether earlier ones have
 * answered or not, so a slow server shows as fewer creations per second, not as a slower sender.
 */
export type Person = 'staff' | 'merchant' | 'vendor';

export interface TeamPlan {
  base: string;
  /** Bearer tokens: staff ones are shared round-robin among the staff people. */
  tokens: Record<Person, string[]>;
  people: number;
  seconds: number;
  thinkMs: number;
  create: { perSecond: number; apiKey: string; tag: string };
  /** Merchant codes the staff pick from for the merchant filter. */
  merchantCodes: string[];
}

interface Screen {
  name: string;
  who: readonly Person[];
  weight: number;
  /** Null when the person has nothing to open yet. */
  path: (p: { who: Person; lastIds: string[] }) => string | null;
  /** The rows' ids are kept: the next "open a pay-in" picks one, as a click on a row would. */
  keepsIds?: boolean;
}

const ALL: readonly Person[] = ['staff', 'merchant', 'vendor'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const page1 = 'page=1&pageSize=25&sortBy=createdAt&sortOrder=desc';

/** The screens as the dashboard asks for them (perPage 25, newest first, IST days). */
export const teamScreens = (merchantCodes: string[]): Screen[] => [
  {
    name: 'Deposits · In Progress',
    who: ALL,
    weight: 3,
    keepsIds: true,
    path: () => `/v1/payins?${page1}&status=${PAYIN_VIEWS.progress.join(',')}`,
  },
  { name: 'Deposits · All', who: ALL, weight: 2, keepsIds: true, path: () => `/v1/payins?${page1}` },
  {
    name: 'Deposits · All, SUCCESS, last 7 days',
    who: ALL,
    weight: 2,
    keepsIds: true,
    path: ({ who }) =>
      `/v1/payins?${page1}&status=SUCCESS&from=${istDay(6)}&to=${istDay(0)}` +
      (who === 'staff' ? `&merchantCode=${pick(merchantCodes)}` : ''),
  },
  {
    name: 'Deposit (open one)',
    who: ALL,
    weight: 2,
    path: ({ lastIds }) => (lastIds.length ? `/v1/payins/${pick(lastIds)}` : null),
  },
  {
    name: 'Withdrawals · In Progress',
    who: ALL,
    weight: 1,
    path: () => `/v1/payouts?${page1}&status=${PAYOUT_VIEWS.progress.join(',')}`,
  },
  { name: 'Withdrawals · All', who: ALL, weight: 1, path: () => `/v1/payouts?${page1}` },
  {
    name: 'Dashboard (today, 7 or 30 days)',
    who: ['staff', 'merchant'],
    weight: 1,
    path: () => `/v1/dashboard?includeSubMerchants=false&from=${istDay(pick([0, 6, 29]))}&to=${istDay(0)}`,
  },
  {
    name: 'Vendor Board (today, 7 or 30 days)',
    who: ['vendor'],
    weight: 1,
    path: () => `/v1/vendor-board?from=${istDay(pick([0, 6, 29]))}&to=${istDay(0)}`,
  },
];

export interface Figures {
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}
export interface TeamLoad {
  seconds: number;
  people: Record<Person, number>;
  screens: (Figures & { name: string })[];
  browsing: Figures & { perSec: number };
  creations: Figures & { target: number; created: number; perSec: number };
  /** The first few failures, as answered. */
  failures: string[];
}

const figures = (samples: number[], failed: number): Figures => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requests: samples.length + failed,
    failed,
    p50: round(percentile(sorted, 50), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted.at(-1) ?? NaN, 1),
  };
};

/** The 20 people split as a team is: three in five staff, one in five merchant, one in five vendor. */
export const peopleOf = (n: number): Person[] => {
  const merchants = Math.max(1, Math.round(n / 5));
  const vendors = Math.max(1, Math.round(n / 5));
  const staff = Math.max(0, n - merchants - vendors);
  return [
    ...Array<Person>(staff).fill('staff'),
    ...Array<Person>(merchants).fill('merchant'),
    ...Array<Person>(vendors).fill('vendor'),
  ];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request; its time in ms until the whole body has arrived, or the failure. */
type Answer = { ms: number; text: string } | { ms: number; error: string };
const timed = async (url: string, init: RequestInit): Promise<Answer> => {
  const t0 = performance.now();
  try {
    const res = await fetch(url, init);
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status >= 200 && res.status < 300) return { ms, text };
    return {
      ms,
      error: `${init.method ?? 'GET'} ${url.replace(/^https?:\/\/[^/]+/, '')} answered ${res.status}: ${text.slice(0, 160)}`,
    };
  } catch (error) {
    return { ms: performance.now() - t0, error: `${url}: ${(error as Error).message}` };
  }
};

/** Runs the browsing people and the merchant's creations together for plan.seconds. */
export const runTeam = async (plan: TeamPlan): Promise<TeamLoad> => {
  const screens = teamScreens(plan.merchantCodes);
  const samples = new Map(screens.map((s) => [s.name, [] as number[]]));
  const failedBy = new Map(screens.map((s) => [s.name, 0]));
  const failures: string[] = [];
  const fail = (what: string, error: string) => {
    if (failures.length < 5) failures.push(error);
    failedBy.set(what, (failedBy.get(what) ?? 0) + 1);
  };
  const people = peopleOf(plan.people);
  const t0 = performance.now();
  const until = t0 + plan.seconds * 1000;
  let staffSeen = 0;

  const browse = async (who: Person) => {
    const tokens = plan.tokens[who];
    const token = who === 'staff' ? tokens[staffSeen++ % tokens.length] : tokens[0];
    const headers = { authorization: `Bearer ${token}` };
    const mine = screens.filter((s) => s.who.includes(who));
    const bag = mine.flatMap((s) => Array<Screen>(s.weight).fill(s));
    let lastIds: string[] = [];
    await sleep(Math.random() * plan.thinkMs);
    while (performance.now() < until) {
      const screen = pick(bag);
      const path = screen.path({ who, lastIds });
      if (!path) continue;
      const r = await timed(`${plan.base}${path}`, { headers });
      if ('error' in r) fail(screen.name, r.error);
      else {
        samples.get(screen.name)!.push(r.ms);
        if (screen.keepsIds) lastIds = (JSON.parse(r.text) as { data: { id: string }[] }).data.map((row) => row.id);
      }
      await sleep(Math.random() * plan.thinkMs);
    }
  };

  const created: number[] = [];
  let createFailed = 0;
  const create = async () => {
    const { perSecond, apiKey, tag } = plan.create;
    const sent: Promise<void>[] = [];
    for (let i = 0; ; i++) {
      const at = t0 + (i * 1000) / perSecond;
      if (at >= until) break;
      await sleep(at - performance.now());
      const body = JSON.stringify({
        merchantOrderId: `${tag}-${i}`,
        customerId: `team-cust-${i % 500}`,
        amount: 100 + Math.floor(Math.random() * 4900),
      });
      const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
      sent.push(
        timed(`${plan.base}/v1/merchant-api/payins`, { method: 'POST', headers, body }).then((r) => {
          if ('error' in r) {
            createFailed += 1;
            if (failures.length < 5) failures.push(r.error);
          } else created.push(r.ms);
        }),
      );
    }
    await Promise.all(sent);
  };

  await Promise.all([...people.map(browse), create()]);
  const seconds = (performance.now() - t0) / 1000;
  const all = [...samples.values()].flat();
  const failedAll = [...failedBy.values()].reduce((s, n) => s + n, 0);
  return {
    seconds: round(seconds, 1),
    people: {
      staff: people.filter((p) => p === 'staff').length,
      merchant: people.filter((p) => p === 'merchant').length,
      vendor: people.filter((p) => p === 'vendor').length,
    },
    screens: screens.map((s) => ({ name: s.name, ...figures(samples.get(s.name)!, failedBy.get(s.name)!) })),
    browsing: { ...figures(all, failedAll), perSec: round(all.length / seconds, 1) },
    creations: {
      ...figures(created, createFailed),
      target: plan.create.perSecond,
      created: created.length,
      perSec: round(created.length / plan.seconds, 1),
    },
    failures,
  };
};
