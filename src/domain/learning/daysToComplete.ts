/**
 * The days that complete a course, or a stage of it: its working days (not rest days) that are
 * required to complete it (`required_to_complete`); a learner who skips an optional day still
 * finishes the course. Where no working day is marked required, every one of them counts: a school
 * that marks none did not mean a course nobody can finish. The server counts the progress and a
 * stage's end with it; the calendar marks the days it leaves out as optional.
 */
export type CompletionFlags = { restDay: boolean; required: boolean };

export function daysToComplete<T>(days: readonly T[], flagsOf: (day: T) => CompletionFlags): T[] {
  const workDays = days.filter((day) => !flagsOf(day).restDay);
  const required = workDays.filter((day) => flagsOf(day).required);
  return required.length > 0 ? required : workDays;
}
