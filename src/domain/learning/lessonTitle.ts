/**
 * A lesson title may end in a bracketed marker of its part, analysis, execution or theory (content
 * spec, section 3 "Lesson"), written in any of the product's languages, in round or square
 * brackets, in any case: "Squat (Analysis)", "Присед [разбор]". The marker becomes the subtitle,
 * as written, without its brackets; lessonPartOf names the part it marks, so that the screens show
 * it in the interface's language whatever language the school wrote it in.
 */
export const LESSON_PARTS = ['analysis', 'execution', 'theory'] as const;
export type LessonPart = (typeof LESSON_PARTS)[number];

const PART_MARKERS: Readonly<Record<LessonPart, readonly string[]>> = {
  analysis: ['analysis', 'разбор', 'análisis'],
  execution: ['execution', 'выполнение', 'ejecución'],
  theory: ['theory', 'теория', 'teoría'],
};

const MARKER_WORDS = Object.values(PART_MARKERS).flat().join('|');
const TRAILING_MARKER = new RegExp(
  `^(.*?)\\s*(?:\\((${MARKER_WORDS})\\)|\\[(${MARKER_WORDS})\\])\\s*$`,
  'isu',
);

export type LessonTitle = { title: string; subtitle: string | null };

export function splitLessonTitle(raw: string): LessonTitle {
  const match = TRAILING_MARKER.exec(raw);
  const title = match?.[1]?.trim();
  if (!match || !title) return { title: raw.trim(), subtitle: null };
  return { title, subtitle: match[2] ?? match[3] ?? null };
}

/** The part a subtitle marks (the marker of any language, in any case); null for any other subtitle. */
export function lessonPartOf(subtitle: string): LessonPart | null {
  const marker = subtitle.normalize('NFC').trim().toLocaleLowerCase();
  return LESSON_PARTS.find((part) => PART_MARKERS[part].includes(marker)) ?? null;
}
