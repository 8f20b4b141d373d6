import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/client';

// The read itself is the database's (the API tests run it); here it answers what the test sets.
const answers = vi.hoisted(() => ({ reads: 0, row: undefined as unknown }));
vi.mock('../../../server/modules/streams/queries', () => ({
  myStreamWithSession: async () => {
    answers.reads += 1;
    return answers.row;
  },
}));

const { MAX_REMEMBERED_READS, REMEMBERED_READ_MS, readStatisticNow, statisticRead } = await import(
  '../../../server/modules/day-statuses/statistic-reads'
);

const liveRow = (userStatus = 10) => ({
  n: 0,
  user: { id: 7, status: userStatus },
  sessionId: 3,
  stream: { id: 5 },
  factsDigest: 'digest',
});

let db: Db;
beforeEach(() => {
  db = {} as Db;
  answers.reads = 0;
  answers.row = liveRow();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('statisticRead', () => {
  it('reads once, then answers from memory until the read is old, marking what it remembered', async () => {
    expect((await statisticRead(db, 'hash', 5))?.remembered).toBe(false);
    const again = await statisticRead(db, 'hash', 5);
    expect(again).toMatchObject({ remembered: true, tokenHash: 'hash', factsDigest: 'digest' });
    expect(answers.reads).toBe(1);
    vi.advanceTimersByTime(REMEMBERED_READ_MS);
    expect((await statisticRead(db, 'hash', 5))?.remembered).toBe(false);
    expect(answers.reads).toBe(2);
  });

  it('remembers per session and stream, and per database', async () => {
    await statisticRead(db, 'hash', 5);
    await statisticRead(db, 'other-hash', 5);
    await statisticRead(db, 'hash', 6);
    await statisticRead({} as Db, 'hash', 5);
    expect(answers.reads).toBe(4);
  });

  it('never remembers a read no statistic can be counted on', async () => {
    for (const row of [undefined, liveRow(0), { ...liveRow(), stream: null, factsDigest: null }]) {
      answers.row = row;
      await statisticRead(db, 'hash', 5);
      expect((await statisticRead(db, 'hash', 5))?.remembered ?? false).toBe(false);
    }
  });

  it('forgets what a fresh read no longer finds', async () => {
    await statisticRead(db, 'hash', 5);
    answers.row = undefined;
    expect(await readStatisticNow(db, 'hash', 5)).toBeUndefined();
    answers.row = liveRow();
    expect((await statisticRead(db, 'hash', 5))?.remembered).toBe(false);
  });

  it('keeps at most MAX_REMEMBERED_READS, forgetting the oldest first', async () => {
    for (let stream = 0; stream <= MAX_REMEMBERED_READS; stream += 1) await statisticRead(db, 'hash', stream);
    const reads = answers.reads;
    expect((await statisticRead(db, 'hash', MAX_REMEMBERED_READS))?.remembered).toBe(true);
    expect((await statisticRead(db, 'hash', 0))?.remembered).toBe(false);
    expect(answers.reads).toBe(reads + 1);
  });
});
