export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls until `ready` answers true; throws after `limitMs` (a limit for a hang, not a speed check).
 * Unlike expect.poll it needs no current test, so it holds in concurrent tests too.
 */
export const until = async (what: string, ready: () => Promise<boolean>, limitMs = 60_000) => {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await ready().catch(() => false)) return;
    await pause(100);
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s`);
};
