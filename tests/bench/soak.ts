import { seedDemo } from '../../server/demo/seed';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import {
  ledgerImbalances,
  memoryProblems,
  prepareSoakData,
  RSS_CEILING_MB,
  RSS_GROWTH_LIMIT_MB,
  runSoak,
  type SoakResult,
} from '../support/soak';
import { TEST_HASH_COST } from '../support/server';
import { startProduct } from './product';
import { table } from './table';
import { openBenchDatabase, tempDir } from './targets';

/**
 * Issue 15, item 4 (d): the soak of tests/support/soak.ts against the real product process on a
 * throwaway PostgreSQL database, for SOAK_SECONDS (300) with SOAK_USERS (200) simulated people.
 */
export interface SoakBenchResult extends SoakResult {
  ledgerProblems: string[];
  /** Whether every check held: no failed request, memory within its bounds, the ledger balanced. */
  passed: boolean;
}

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

export const benchSoak = async (postgresUrl: string, log: (line: string) => void): Promise<SoakBenchResult> => {
  const seconds = numberFrom('SOAK_SECONDS', 300);
  const users = numberFrom('SOAK_USERS', 200);
  const opened = await openBenchDatabase('postgres', postgresUrl);
  const data = tempDir('pgc-bench-soak-');
  try {
    setPasswordHashCost(TEST_HASH_COST);
    await seedDemo(opened.database.db);
    await prepareSoakData(opened.database.db);
    const product = await startProduct({
      DATABASE_URL: opened.url,
      DATA_DIR: data.dir,
      ALLOW_PRIVATE_CALLBACK_URLS: '1',
      REQUIRE_2FA_ROLES: 'none',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      MERCHANT_API_RATE_LIMIT_PER_MINUTE: '1000000',
      PAY_PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    try {
      log(`soak: ${users} people for ${seconds} s`);
      const result = await runSoak(product.url, product.pid, {
        users,
        seconds,
        thinkMs: 1000,
      });
      const ledgerProblems = await ledgerImbalances(opened.database.db);
      const passed = result.failures === 0 && ledgerProblems.length === 0 && memoryProblems(result.rss).length === 0;
      return { ...result, ledgerProblems, passed };
    } finally {
      await product.stop();
    }
  } finally {
    await data.remove();
    await opened.close();
  }
};

export const soakReport = (r: SoakBenchResult): string[] => [
  `Soak: ${r.users} simulated people for ${r.seconds} s on the real server (${r.passed ? 'passed' : 'FAILED'})`,
  table(
    [
      'requests',
      'req/s',
      'failures',
      'pay-ins matched',
      'RSS floor Q2',
      'RSS floor Q4',
      'RSS peak',
      'RSS end',
      'bounds',
    ],
    [
      [
        r.requests,
        Math.round(r.requests / r.seconds),
        r.failures,
        r.matched,
        `${r.rss.settledFloorMb} MB`,
        `${r.rss.lateFloorMb} MB`,
        `${r.rss.peakMb} MB`,
        `${r.rss.endMb} MB`,
        `floor +${RSS_GROWTH_LIMIT_MB} MB, peak ≤ ${RSS_CEILING_MB} MB`,
      ],
    ],
  ),
  `  RSS every 10 s (MB): ${r.rss.timelineMb.join(' ')}`,
  ...memoryProblems(r.rss).map((p) => `  memory: ${p}`),
  ...r.failureSamples.map((f) => `  failed: ${f}`),
  ...r.ledgerProblems.map((p) => `  ledger: ${p}`),
];
