import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/statements';
import { liveSessionOf } from '../../infra/sessions';
import { type MyStreamWithSessionRow, myStreamWithSession } from '../streams/queries';

/**
 * What save-lesson-stat decides on (the session and the stream with its facts), remembered per
 * session and stream. A player sends a statistic every little while, and each had two statements
 * in turn (this read, then the count) where one does: a statistic decided on a remembered read is
 * counted by a statement that first checks the read still holds (the session live, the stream's
 * facts digest unchanged: `streamFactsDigest`), in the same snapshot as its writes. When it no longer
 * holds, nothing is counted and the statistic is decided again on a fresh read (lesson-stats.ts), so a
 * signed-out session, a frozen or ended stream, or a changed course is seen at once, as before.
 */

export type StatisticRead = MyStreamWithSessionRow & {
  tokenHash: string;
  /** Taken from memory: the count must check that it still holds. */
  remembered: boolean;
};

/** Reads older than this are read again: what is remembered stays about the sessions in use. */
export const REMEMBERED_READ_MS = 5 * 60_000;
/** At most this many reads are remembered (the oldest goes first): memory stays bounded. */
export const MAX_REMEMBERED_READS = 10_000;

/** The read as `statisticRead` hands it out: built once, shared by the calls that use it, never changed. */
type Remembered = { read: Readonly<StatisticRead>; at: number };

// One memory per database: test servers and the CLI each have their own.
const memoryOf = preparedPerDatabase((_db: Db) => new Map<string, Remembered>());

const keyOf = (tokenHash: string, streamId: number) => `${streamId}:${tokenHash}`;

function remember(db: Db, tokenHash: string, streamId: number, row: MyStreamWithSessionRow) {
  const memory = memoryOf(db);
  const key = keyOf(tokenHash, streamId);
  memory.delete(key);
  // Only a read a statistic can be counted on: a live session and the learner's stream.
  if (!liveSessionOf(row) || !row.stream || !row.factsDigest) return;
  if (memory.size >= MAX_REMEMBERED_READS) {
    const oldest = memory.keys().next();
    if (!oldest.done) memory.delete(oldest.value);
  }
  memory.set(key, { read: { ...row, tokenHash, remembered: true }, at: Date.now() });
}

/** The read made now (and remembered), e.g. for a statistic whose remembered read no longer held. */
export async function readStatisticNow(
  db: Db,
  tokenHash: string,
  streamId: number,
): Promise<StatisticRead | undefined> {
  const row = await myStreamWithSession(db, tokenHash, streamId);
  if (!row) {
    memoryOf(db).delete(keyOf(tokenHash, streamId));
    return undefined;
  }
  remember(db, tokenHash, streamId, row);
  return { ...row, tokenHash, remembered: false };
}

/** The read a statistic of `streamId` is decided on: remembered when there is one, else read now. */
export async function statisticRead(
  db: Db,
  tokenHash: string,
  streamId: number,
): Promise<Readonly<StatisticRead> | undefined> {
  const remembered = memoryOf(db).get(keyOf(tokenHash, streamId));
  if (remembered && Date.now() - remembered.at < REMEMBERED_READ_MS) return remembered.read;
  return readStatisticNow(db, tokenHash, streamId);
}
