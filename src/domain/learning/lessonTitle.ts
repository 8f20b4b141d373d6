/**
 * A lesson title may end in a bracketed marker of its part, analysis, execution or theory (content
 * spec, section 3 "Lesson"), written in any of the product's languages, in round or square
 * brackets, in any case: "Squat (Analysis)", "Присед [разбор]". The marker becomes the subtitle,
 * as written, without its brackets.
 */
const MARKER_WORDS = [
  'analysis',
  'execution',
  'theory',
  'разбор',
  'выполнение',
  'теория',
  'análisis',
  'ejecución',
  'teoría',
].join('|');
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
