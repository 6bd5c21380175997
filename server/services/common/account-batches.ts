/**
 * Writes that take ledger accounts' row locks (pay-outs holding merchants' money) go together:
 * those that arrive while a batch is being written wait and go together in the next one, one
 * transaction and one lock of each account for all of them, instead of a transaction each queued
 * behind a hot account's lock and some seven round trips each. A lone write goes at once, so
 * nobody waits for company. `write` answers each item (or the error that is its own) and throws
 * only when its transaction did not commit; then the batch's items are written again one by one,
 * so one item's failure is only its own.
 */
export const MAX_BATCH = 100;
/** Batches written at the same time, each on a connection of its own. */
export const MAX_IN_FLIGHT = 2;

interface Waiting<I, O> {
  item: I;
  resolve: (answer: O) => void;
  reject: (error: unknown) => void;
}

export const accountBatches = <I, O>(write: (items: I[]) => Promise<(O | Error)[]>) => {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  const settle = (w: Waiting<I, O>, answer: O | Error) =>
    answer instanceof Error ? w.reject(answer) : w.resolve(answer);

  const run = async (batch: Waiting<I, O>[]) => {
    let answers: (O | Error)[];
    try {
      answers = await write(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const w of batch) {
        try {
          settle(w, (await write([w.item]))[0]);
        } catch (own) {
          w.reject(own);
        }
      }
      return;
    }
    batch.forEach((w, i) => settle(w, answers[i]));
  };

  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void run(queue.splice(0, MAX_BATCH)).finally(() => {
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
