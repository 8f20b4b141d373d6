import webvtt from 'webvtt-parser';
import { WEBVTT_SIGNATURE } from '../infra/media/transcode';

/**
 * What a subtitle file must be to be imported: WebVTT whose every cue the player can show. The
 * signature alone (`WEBVTT`) said nothing of the rest: a file of garbage, or a cue whose timing is
 * misspelt, played with no text at all, or without that cue, and nobody was told. The W3C parser
 * (webvtt-parser) also flags what browsers forgive (an old `align:middle`, a bare `&`, header lines),
 * so only two things are refused: a file with no cue, and a cue block (a line with `-->`) the parser
 * could not read as a cue, named by the parser's first complaint with its line.
 */

const TIMING_LINE = /-->/;

/** The problem with a subtitle file's text, or null when every cue in it will show. */
export function subtitleProblem(text: string): string | null {
  if (!WEBVTT_SIGNATURE.test(text)) return 'not a WebVTT file (it must start with WEBVTT)';
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'subtitles');
  if (cues.length === 0) return 'a WebVTT file without any cue';
  const cueBlocks = text.split(/\r\n|\r|\n/).filter((line) => TIMING_LINE.test(line)).length;
  if (cues.length >= cueBlocks) return null;
  const first = errors[0];
  const where = first ? `line ${first.line}: ${first.message}` : 'a timing line is not a cue';
  return `${cueBlocks - cues.length} of its ${cueBlocks} cues cannot be read (${where})`;
}
