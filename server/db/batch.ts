/**
 * Runs the single calls of a hot write path in batches, as a database's group commit does for its
 * log: while `maxInFlight` batches are out, arriving calls wait, and every call waiting when a slot
 * frees goes out in one batch (at most `maxBatch`). Alone, a call goes out at once as a batch of one;
 * under load, one statement serves many calls, so what a statement costs whatever its size (the
 * round trip, the executor's start, the commit) is paid once per batch instead of once per call.
 *
 * A batch that fails is run again call by call, so one call's failure (a row deleted meanwhile)
 * fails that call alone. `runBatch` answers one result per item, in the items' order.
 */
export function batching<Item, Result>(
  runBatch: (items: readonly Item[]) => Promise<readonly Result[]>,
  { maxInFlight, maxBatch }: { maxInFlight: number; maxBatch: number },
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve(result: Result): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let flushScheduled = false;

  async function runOne(call: Waiting) {
    try {
      const [result] = await runBatch([call.item]);
      call.resolve(result as Result);
    } catch (error) {
      call.reject(error);
    }
  }

  async function run(batch: Waiting[]) {
    try {
      const results = await runBatch(batch.map((call) => call.item));
      for (const [index, call] of batch.entries()) call.resolve(results[index] as Result);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const call of batch) await runOne(call);
    }
  }

  function flush() {
    flushScheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        scheduleFlush();
      });
    }
  }

  // The calls that arrive in one turn of the event loop (the requests read from the sockets together)
  // go out together.
  function scheduleFlush() {
    if (flushScheduled || waiting.length === 0) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      scheduleFlush();
    });
}
