import { countRun, type JobName } from './metrics';

/**
 * A background job's loop: a turn every intervalMs, never two at once, a failed turn logged and
 * the next one trying again, each turn counted under the job's name; stop() waits for the turn under way.
 */
export const repeatEvery = (
  job: JobName,
  intervalMs: number,
  turn: (stopped: () => boolean) => Promise<unknown>,
  onError: (error: unknown) => void,
) => {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() =>
      countRun(
        job,
        turn(() => stopped),
      ).catch(onError),
    );
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
