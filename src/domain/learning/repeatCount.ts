/**
 * The repeat count of a lesson set is clamped to the learner's range (content spec, section 4 "Day").
 * A missing bound does not limit that side.
 */
export type RepeatRange = { userRepeatRangeFrom: number | null; userRepeatRangeTo: number | null };

export function clampRepeatCount(count: number, range: RepeatRange): number {
  const atLeast = Math.max(count, range.userRepeatRangeFrom ?? count);
  return Math.min(atLeast, range.userRepeatRangeTo ?? atLeast);
}
