import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Lesson } from '../../../domain/learning/day';
import { type LessonPart, lessonPartOf, splitLessonTitle } from '../../../domain/learning/lessonTitle';

/** The words for each lesson part a title's marker names (lessonTitle.ts). */
const PART_LABELS = {
  analysis: msg({ message: 'Analysis', context: 'lesson part' }),
  execution: msg({ message: 'Execution', context: 'lesson part' }),
  theory: msg({ message: 'Theory', context: 'lesson part' }),
} as const satisfies Record<LessonPart, unknown>;

/**
 * A lesson's subtitle as the learner reads it: the part its marker names, in the interface's
 * language (a school writes the marker in its own); any other subtitle as the school wrote it.
 */
export function useSubtitleText(subtitle: string): string {
  const { i18n } = useLingui();
  const part = lessonPartOf(subtitle);
  return part ? i18n._(PART_LABELS[part]) : subtitle;
}

/** A lesson's subtitle under its title (`useSubtitleText`). */
export function LessonSubtitle({ subtitle }: { subtitle: string }) {
  return <span className="lesson__subtitle">{useSubtitleText(subtitle)}</span>;
}

/**
 * A lesson's heading: its title, the part under it. Read out as one phrase, as its controls name the
 * lesson ("Calm breathing, Theory"): from the text alone a screen reader says "Calm breathing Theory".
 */
export function LessonHeading({ lesson, id }: { lesson: Pick<Lesson, 'title' | 'subtitle'>; id?: string }) {
  const name = useLessonName(lesson);
  return (
    <h2 className="lesson__title" id={id} aria-label={lesson.subtitle ? name : undefined}>
      {lesson.title}
      {lesson.subtitle && <LessonSubtitle subtitle={lesson.subtitle} />}
    </h2>
  );
}

/**
 * The lesson as its controls name it (play, download): the title with the part its heading shows,
 * so that the theory and the execution of one lesson, which often share a title, are told apart.
 */
export function useLessonName(lesson: Pick<Lesson, 'title' | 'subtitle'>): string {
  const subtitle = useSubtitleText(lesson.subtitle ?? '');
  return lesson.subtitle ? `${lesson.title}, ${subtitle}` : lesson.title;
}

/** `useLessonName` of a title kept whole, its marker still in brackets (a download's, download.ts). */
export const useKeptLessonName = (kept: string): string => useLessonName(splitLessonTitle(kept));
