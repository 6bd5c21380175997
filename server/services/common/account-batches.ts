/**
 * Group commit, the one algorithm behind pay-outs' and bank entries' writes: those that arrive
 * while a batch is being written wait and go together in the next one, one transaction (and one
 * lock of each ledger account or UTR) for all of them, instead of a transaction each queued behind
 * a hot row's lock and some round trips each. A lone write goes at once, so nobody waits for
 * company. `write` answers each item (or the error that is its own) and throws only when its
 * transaction did not commit; then the batch's items are written again one by one, so one item's
 * failure is only its own. Answers are read inside the transaction, never after it: once it has
 * committed, the callers must hear so.
 */
export const MAX_BATCH = 100;
/** Batches written at the same time, each on a connection of its own. */
export const MAX_IN_FLIGHT = 2;

interface Waiting<I, O> {
  item: I;
  resolve: (answer: O) => void;
  reject: (error: unknown) => void;
}

export const accountBatches = <I, O>(
  write: (items: I[]) => Promise<(O | Error)[]>,
  opts: { maxBatch?: number } = {},
) => {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;

  const deliver = (batch: Waiting<I, O>[], written: (O | Error)[]) =>
    batch.forEach((w, i) => {
      const answer = written[i];
      if (answer instanceof Error) w.reject(answer);
      else w.resolve(answer);
    });

  const run = async (batch: Waiting<I, O>[]) => {
    let written: (O | Error)[];
    try {
      written = await write(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const w of batch) {
        let own: (O | Error)[];
        try {
          own = await write([w.item]);
        } catch (failure) {
          w.reject(failure);
          continue;
        }
        deliver([w], own);
      }
      return;
    }
    deliver(batch, written);
  };

  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void run(queue.splice(0, opts.maxBatch ?? MAX_BATCH)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
};
