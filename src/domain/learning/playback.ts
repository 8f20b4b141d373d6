/**
 * What the lesson statistic reads from the video element (lessonStatistic.ts has the rules): the
 * time actually played, as the union of the element's played ranges (seeking past a part does not
 * count it, watching a part twice counts it once), and how far into the video the learner is.
 */
export type PlayedRanges = {
  length: number;
  start: (index: number) => number;
  end: (index: number) => number;
};

/** The played ranges (seconds) in whole milliseconds. */
export function playedMs(ranges: PlayedRanges | null | undefined): number {
  if (!ranges) return 0;
  let seconds = 0;
  for (let index = 0; index < ranges.length; index += 1) seconds += ranges.end(index) - ranges.start(index);
  return Math.max(Math.round(seconds * 1000), 0);
}

/** The position as a percentage of the duration, 0 while the duration is unknown. */
export function positionPercent(positionSeconds: number, durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.min(Math.max((positionSeconds / durationSeconds) * 100, 0), 100);
}

/**
 * Where to resume: the seconds the learner already viewed, unless that is (nearly) the whole video,
 * when starting over is what they want. `endMarginSeconds` is how close to the end counts as the end.
 */
export function resumePosition(viewedSeconds: number, durationSeconds: number, endMarginSeconds = 3): number {
  if (viewedSeconds <= 0) return 0;
  if (durationSeconds > 0 && viewedSeconds >= durationSeconds - endMarginSeconds) return 0;
  return viewedSeconds;
}
