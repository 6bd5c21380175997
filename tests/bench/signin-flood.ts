import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app';
import { DEMO_PASSWORD, seedDemo } from '../../server/demo/seed';
import { DEFAULT_HASH_COST, setPasswordHashCost } from '../../server/services/identity/passwords';
import { testConfig } from '../support/server';
import { onCleanup } from './cleanup';
import { openBenchDatabase } from './targets';
import { summarize, type Summary } from './stats';
import { fmt, table } from './table';

/**
 * Issue 9, item 4: a real sign-in while 300 clients flood POST /v1/login with wrong passwords.
 * Two floods: from 300 addresses that keep theirs (the guesses guard slows and then refuses each),
 * and from a fresh address on every request (a botnet the guard cannot tell apart), where only the
 * bound on password hashing keeps the server answering. The real user signs in from its own address.
 */
export interface FloodResult {
  flood: string;
  bogus: Record<string, number>;
  bogusPerSec: number;
  real: Summary & { statuses: Record<string, number> };
}
export interface SignInFloodResult {
  alone: Summary;
  floods: FloodResult[];
}

const BOGUS_CLIENTS = 300;
const REAL_SIGN_INS = 10;

/** The real user's browser: it keeps the device cookie that a right password earns. */
const jar: { cookie?: string } = {};

const post = (url: string, from: string, userName: string, password: string, browser?: typeof jar) =>
  fetch(`${url}/v1/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(browser?.cookie ? { cookie: browser.cookie } : {}),
    },
    body: JSON.stringify({ userName, password, override: true }),
  }).then(async (res) => {
    await res.arrayBuffer();
    const set = res.headers.get('set-cookie');
    if (browser && set) browser.cookie = set.split(';')[0];
    return res.status;
  });

const realSignIns = async (url: string) => {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < REAL_SIGN_INS; i += 1) {
    const t0 = performance.now();
    const status = await post(url, '192.0.2.200', 'admin', DEMO_PASSWORD, jar);
    samples.push(performance.now() - t0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { ...summarize(samples), statuses };
};

const flood = async (url: string, name: string, addressOf: (client: number, n: number) => string) => {
  const bogus: Record<string, number> = {};
  let running = true;
  let sent = 0;
  const started = performance.now();
  const clients = Array.from({ length: BOGUS_CLIENTS }, async (_, client) => {
    for (let n = 0; running; n += 1) {
      const status = await post(url, addressOf(client, n), `bogus-${client}`, `guess-${n}`).catch(() => 0);
      bogus[status] = (bogus[status] ?? 0) + 1;
      sent += 1;
    }
  });
  // The flood has filled the queues before the real user arrives.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const real = await realSignIns(url);
  running = false;
  await Promise.all(clients);
  return { flood: name, bogus, bogusPerSec: Math.round(sent / ((performance.now() - started) / 1000)), real };
};

export const benchSignInFlood = async (
  postgresUrl: string,
  log: (line: string) => void,
): Promise<SignInFloodResult> => {
  const opened = await openBenchDatabase('postgres', postgresUrl);
  try {
    // Production's password hashing work.
    setPasswordHashCost(DEFAULT_HASH_COST);
    await seedDemo(opened.database.db);
    const app = await buildApp({
      database: opened.database,
      config: testConfig({ trustProxy: 1, authRateLimitPerMinute: 1_000_000, passwordHashCost: DEFAULT_HASH_COST }),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const close = onCleanup('sign-in flood app', () => app.close());
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      log('sign-in flood: the real user alone');
      const alone = await realSignIns(url);
      const floods: FloodResult[] = [];
      log(`sign-in flood: ${BOGUS_CLIENTS} guessers, each from its own address`);
      floods.push(await flood(url, 'each guesser keeps its address', (c) => `10.1.${c >> 8}.${c & 255}`));
      log(`sign-in flood: ${BOGUS_CLIENTS} guessers, a fresh address per request`);
      let seq = 0;
      const fresh = () => {
        seq += 1;
        return `10.${2 + (seq >> 16)}.${(seq >> 8) & 255}.${seq & 255}`;
      };
      floods.push(await flood(url, 'a fresh address per request', fresh));
      return { alone, floods };
    } finally {
      await close();
    }
  } finally {
    await opened.close();
  }
};

export const signInFloodReport = (r: SignInFloodResult): string[] => [
  `Sign-in during a flood of ${BOGUS_CLIENTS} concurrent wrong sign-ins (${REAL_SIGN_INS} real sign-ins, ms)`,
  table(
    ['', 'real p50', 'real max', 'real answers', 'bogus req/s', 'bogus answers'],
    [
      ['alone', fmt(r.alone.p50), fmt(r.alone.max), '', '', ''],
      ...r.floods.map((f) => [
        f.flood,
        fmt(f.real.p50),
        fmt(f.real.max),
        Object.entries(f.real.statuses)
          .map(([k, v]) => `${k}×${v}`)
          .join(' '),
        String(f.bogusPerSec),
        Object.entries(f.bogus)
          .map(([k, v]) => `${k}×${v}`)
          .join(' '),
      ]),
    ],
  ),
];
