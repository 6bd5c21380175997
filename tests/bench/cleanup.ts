/**
 * Undo steps registered as resources are made (temp folders, databases, child processes), run
 * newest first at the end, or when the run is interrupted, so nothing is left behind.
 */
type Step = { label: string; run: () => Promise<void> | void };

const steps: Step[] = [];

export const onCleanup = (label: string, run: Step['run']): (() => Promise<void>) => {
  const step: Step = { label, run };
  steps.push(step);
  /** Runs this step now (once) and forgets it. */
  return async () => {
    const i = steps.indexOf(step);
    if (i === -1) return;
    steps.splice(i, 1);
    await step.run();
  };
};

export const cleanupAll = async (): Promise<string[]> => {
  const failures: string[] = [];
  while (steps.length > 0) {
    const step = steps.pop()!;
    try {
      await step.run();
    } catch (error) {
      failures.push(`${step.label}: ${(error as Error).message}`);
    }
  }
  return failures;
};

let interrupted = false;
const abort = (why: string, code: number) => {
  if (interrupted) return;
  interrupted = true;
  console.error(`\n${why}: cleaning up…`);
  void cleanupAll().finally(() => process.exit(code));
};

/** Cleans up before leaving on SIGINT/SIGTERM or on an error nothing caught. */
export const cleanupOnSignals = () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => abort(signal, 130));
  process.on('uncaughtException', (error) => abort(`bench failed: ${error.stack ?? error.message}`, 1));
  process.on('unhandledRejection', (error) => abort(`bench failed: ${(error as Error)?.stack ?? String(error)}`, 1));
};
