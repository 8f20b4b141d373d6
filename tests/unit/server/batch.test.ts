import { describe, expect, it } from 'vitest';
import { batching } from '../../../server/db/batch';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batch runner that records every batch it is given and answers each item doubled, after `release`. */
function recordingRunner() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const runBatch = (items: readonly number[]) => {
    batches.push([...items]);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(items.map((item) => item * 2))));
  };
  // Answers every batch out, and those the answers let go out next, until none is left.
  const releaseAll = async () => {
    do {
      for (const release of pending.splice(0)) release();
      await nextTurn();
      await nextTurn();
    } while (pending.length > 0);
  };
  return { batches, runBatch, releaseAll };
}

describe('batching', () => {
  it('runs a call alone at once when nothing is in flight', async () => {
    const runner = recordingRunner();
    const call = batching(runner.runBatch, { maxInFlight: 1, maxBatch: 10 });
    const answer = call(4);
    await nextTurn();
    expect(runner.batches).toEqual([[4]]);
    await runner.releaseAll();
    await expect(answer).resolves.toBe(8);
  });

  it('puts the calls that wait for a slot in one batch, each answered with its own result', async () => {
    const runner = recordingRunner();
    const call = batching(runner.runBatch, { maxInFlight: 1, maxBatch: 10 });
    const first = call(1);
    await nextTurn();
    const waiting = [call(2), call(3), call(4)];
    await nextTurn();
    // The first batch is still out: the others wait together.
    expect(runner.batches).toEqual([[1]]);
    await runner.releaseAll();
    expect(runner.batches).toEqual([[1], [2, 3, 4]]);
    await expect(first).resolves.toBe(2);
    await expect(Promise.all(waiting)).resolves.toEqual([4, 6, 8]);
  });

  it('keeps batches within maxBatch and in flight within maxInFlight', async () => {
    const runner = recordingRunner();
    const call = batching(runner.runBatch, { maxInFlight: 2, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map(call);
    await nextTurn();
    expect(runner.batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await runner.releaseAll();
    expect(runner.batches.at(-1)).toEqual([7]);
    await expect(Promise.all(answers)).resolves.toEqual([2, 4, 6, 8, 10, 12, 14]);
  });

  it('runs a failed batch again call by call, so only the failing call fails', async () => {
    const batches: number[][] = [];
    const call = batching(
      async (items: readonly number[]) => {
        batches.push([...items]);
        if (items.includes(13)) throw new Error('13 refused');
        return items.map((item) => item + 1);
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const answers = [1, 13, 2].map((item) => call(item).then(String, (error: Error) => error.message));
    await expect(Promise.all(answers)).resolves.toEqual(['2', '13 refused', '3']);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });
});
