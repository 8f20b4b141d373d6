import { MIN_SAVE_VIEWED_MS, MIN_SAVE_VIEWED_MS_VIDEO_ENDED, VIDEO_PROGRESS_MILESTONES } from '../limits';

/**
 * Lesson statistic rules (content spec, sections 5 and 9): a statistic is sent only once the viewed
 * time reaches the minimum, which is higher once the video has ended (both come from the brand's
 * config, the spec's values by default); viewed time is added only as a positive integer; each
 * progress milestone is reported once.
 */
export type StatisticMinimums = { minViewedMs: number; minViewedMsVideoEnded: number };

const SPEC_MINIMUMS: StatisticMinimums = {
  minViewedMs: MIN_SAVE_VIEWED_MS,
  minViewedMsVideoEnded: MIN_SAVE_VIEWED_MS_VIDEO_ENDED,
};

export function shouldSendStatistic(
  viewedMs: number,
  videoEnded: boolean,
  minimums: StatisticMinimums = SPEC_MINIMUMS,
): boolean {
  return viewedMs >= (videoEnded ? minimums.minViewedMsVideoEnded : minimums.minViewedMs);
}

/** Added viewed time counts only as a positive integer; anything else adds nothing. */
export const countableAddedTime = (value: number): number =>
  Number.isInteger(value) && value > 0 ? value : 0;

export type ProgressMilestone = (typeof VIDEO_PROGRESS_MILESTONES)[number];

/** The milestones `percent` reaches that were not reported yet, in the spec's order (75, 50, 25, 10). */
export const newMilestones = (reported: ReadonlySet<number>, percent: number): ProgressMilestone[] =>
  VIDEO_PROGRESS_MILESTONES.filter((milestone) => percent >= milestone && !reported.has(milestone));
