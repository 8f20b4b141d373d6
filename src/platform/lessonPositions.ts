import { safeLocalStorage } from './tokenStorage';

/**
 * Where the learner left each lesson on this browser, so that it opens there next time: one entry
 * per lesson of a stream (its link in the day), in seconds. Streams are a learner's own, so another
 * learner on the browser never finds an entry of theirs. Without local storage nothing is kept, and
 * lessons open where the server's viewed time says (DayScreen).
 */
const STORAGE_KEY = 'lesson-positions';
/** At most this many lessons are kept, the least recently left going first: storage stays small. */
export const MAX_KEPT_POSITIONS = 300;

type Kept = Record<string, number>;

const keyOf = (streamId: number, lessonSetLessonId: number) => `${streamId}:${lessonSetLessonId}`;

function readKept(): Kept {
  try {
    const parsed: unknown = JSON.parse(safeLocalStorage()?.getItem(STORAGE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

export const lessonPositions = {
  /** The kept positions of these lessons of the stream, by lesson link id (those kept only). */
  of(streamId: number, lessonSetLessonIds: readonly number[]): Record<number, number> {
    const kept = readKept();
    const positions: Record<number, number> = {};
    for (const id of lessonSetLessonIds) {
      const seconds = kept[keyOf(streamId, id)];
      if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) positions[id] = seconds;
    }
    return positions;
  },
  /** Forgets every kept position (the session ended: offlineData.ts). */
  forget(): void {
    safeLocalStorage()?.removeItem(STORAGE_KEY);
  },
  keep(streamId: number, lessonSetLessonId: number, seconds: number): void {
    const kept = readKept();
    const key = keyOf(streamId, lessonSetLessonId);
    // Taken out and put back, the entry becomes the newest (objects keep their keys' order).
    delete kept[key];
    kept[key] = seconds;
    const keys = Object.keys(kept);
    for (const old of keys.slice(0, Math.max(keys.length - MAX_KEPT_POSITIONS, 0))) delete kept[old];
    try {
      safeLocalStorage()?.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // A full or refused storage: the lesson opens where the server's viewed time says.
    }
  },
};
