import webvtt from 'webvtt-parser';
import { WEBVTT_SIGNATURE } from '../infra/media/transcode';

/**
 * What a subtitle file must be to be imported: WebVTT whose every cue the player can show. The
 * signature alone (`WEBVTT`) said nothing of the rest: a file of garbage, or a cue whose timing is
 * misspelt or ends before it starts, played with no text at all, or without that cue, and nobody was
 * told. The W3C parser (webvtt-parser) also flags what browsers forgive (an old `align:middle`, a
 * bare `&`, header lines), so only two things are refused: a file with no cue, and a cue block (a
 * line with `-->`) that gives no cue to show, named by its line and what is wrong with it.
 */

const LINE_BREAK = /\r\n|\r|\n/;
const TIMING_LINE = /-->/;

/** Why a timing line, read on its own, gives no cue that shows, or null when it gives one. */
function timingProblem(line: string): string | null {
  const { cues, errors } = new webvtt.WebVTTParser().parse(`WEBVTT\n\n${line}\n`, 'subtitles');
  const [cue] = cues;
  // The parser stops reading a timing at the complaint that makes it unreadable, its last one; the
  // earlier ones (a missing space around `-->`) are forgiven.
  if (!cue) return errors.at(-1)?.message ?? 'not a cue timing';
  if (cue.endTime < cue.startTime) return 'the cue ends before it starts';
  return cue.endTime === cue.startTime ? 'the cue ends as it starts' : null;
}

/** `line 6: No decimal separator (".") found.`: the first timing line whose cue will not show. */
function firstUnshown(
  timings: readonly { line: string; number: number }[],
  errors: readonly { line: number; message: string }[],
): string {
  for (const { line, number } of timings) {
    const problem = timingProblem(line);
    if (problem) return `line ${number}: ${problem}`;
  }
  // Every timing reads on its own, so one stands where no cue may (in a NOTE or STYLE block).
  const numbers = new Set(timings.map((timing) => timing.number));
  const misplaced = errors.find((error) => numbers.has(error.line));
  return misplaced ? `line ${misplaced.line}: ${misplaced.message}` : 'a timing line is not a cue';
}

/** The problem with a subtitle file's text, or null when every cue in it will show. */
export function subtitleProblem(text: string): string | null {
  if (!WEBVTT_SIGNATURE.test(text)) return 'not a WebVTT file (it must start with WEBVTT)';
  const timings = text
    .split(LINE_BREAK)
    .flatMap((line, index) => (TIMING_LINE.test(line) ? [{ line, number: index + 1 }] : []));
  if (timings.length === 0) return 'a WebVTT file without any cue';
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'subtitles');
  const shown = cues.filter((cue) => cue.endTime > cue.startTime).length;
  if (shown >= timings.length) return null;
  const which =
    timings.length === 1 ? 'its one cue' : `${timings.length - shown} of its ${timings.length} cues`;
  return `${which} cannot be read (${firstUnshown(timings, errors)})`;
}
