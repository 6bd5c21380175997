import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ekoClient } from '../../server/services/payouts/eko-client';
import { startEkoWorker } from '../../server/services/payouts/eko-worker';
import { startEkoStandIn, type EkoStandIn } from './eko-stand-in';
import { signInAll, type DemoUser } from './roles';
import { startServer, type TestServer } from './server';

export const EKO_TIMEOUT_MS = 400;

/**
 * A demo server configured with Eko at a local stand-in, per test file. Its inquiry worker is
 * never due: `inquireAll` runs one round by hand, so each test sees which path settled a pay-out.
 */
export const ekoServerPerFile = () => {
  const demo = {} as { s: TestServer; t: Record<DemoUser, string>; eko: EkoStandIn };
  const ekoConfig = () => ({
    apiBase: demo.eko.url,
    developerKey: demo.eko.credentials.developerKey,
    accessKey: demo.eko.credentials.accessKey,
    initiatorId: demo.eko.credentials.initiatorId,
    senderName: 'Payment Gateway',
    timeoutMs: EKO_TIMEOUT_MS,
  });
  beforeAll(async () => {
    demo.eko = await startEkoStandIn();
    demo.s = await startServer({
      merchantApiRateLimitPerMinute: 100_000,
      payPageRateLimitPerMinute: 100_000,
      payoutCheckerThresholdRupees: 5_000,
      eko: ekoConfig(),
      ekoInquiryIntervalMs: 3_600_000,
      ekoNotFoundGraceSeconds: 1,
    });
    demo.t = await signInAll(demo.s);
  });
  afterAll(async () => {
    await demo.s?.close();
    await demo.eko?.close();
  });
  beforeEach(() => {
    demo.eko.behaviour = 'success';
    expect(demo.eko.violations).toEqual([]);
  });
  const inquireAll = async () => {
    const worker = startEkoWorker({
      db: demo.s.db,
      deps: { client: ekoClient(ekoConfig()), notFoundGraceSeconds: 1 },
      log: { warn: () => undefined },
      intervalMs: 3_600_000,
      timeoutMs: EKO_TIMEOUT_MS,
    });
    try {
      return await worker.runOnce();
    } finally {
      await worker.stop();
    }
  };
  return { demo, ekoConfig, inquireAll };
};
