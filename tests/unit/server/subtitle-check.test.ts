import { describe, expect, it } from 'vitest';
import { subtitleProblem } from '../../../server/authoring/subtitle-check';

describe('subtitleProblem', () => {
  it.each([
    ['two cues', 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n\n00:02.000 --> 00:04.000\nWorld\n'],
    [
      'a byte order mark, CRLF lines and an identifier',
      '\uFEFFWEBVTT\r\n\r\n1\r\n00:00.000 --> 00:01.000\r\nHi\r\n',
    ],
    // What the W3C parser flags and browsers forgive: an old alignment word, a bare &, header lines.
    [
      'what browsers forgive',
      'WEBVTT - a title\nKind: captions\n\n00:01.000 --> 00:02.000 align:middle\nFish & chips\n',
    ],
    [
      'notes and styles',
      'WEBVTT\n\nNOTE made by hand\n\nSTYLE\n::cue { color: yellow }\n\n00:01.000 --> 00:02.000\n<i>x</i>\n',
    ],
  ])('takes %s', (_name, text) => {
    expect(subtitleProblem(text)).toBeNull();
  });

  it.each([
    ['SubRip', '1\n00:00:00,000 --> 00:00:01,000\nHi\n', 'not a WebVTT file (it must start with WEBVTT)'],
    ['the signature alone', 'WEBVTT\n', 'a WebVTT file without any cue'],
    ['text that is no cue', 'WEBVTT\n\nthis is not a cue\nnor this\n', 'a WebVTT file without any cue'],
    [
      'a cue whose timing is misspelt',
      'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n\n00:00:05 --> 00:00:06.000\nLost\n',
      '1 of its 2 cues cannot be read (line 6: No decimal separator (".") found.)',
    ],
    [
      'a misspelt timing after a line the parser only flags',
      'WEBVTT\n\n00:01.000 --> 00:02.000 align:middle\nA\n\n00:00:05 --> 00:00:06.000\nLost\n',
      '1 of its 2 cues cannot be read (line 6: No decimal separator (".") found.)',
    ],
    [
      'a lone cue whose timing is broken',
      'WEBVTT\n\n00:00:xx --> 00:00:02.000\nHello\n',
      'its one cue cannot be read (line 3: Must be exactly two digits.)',
    ],
    [
      'a cue that ends before it starts',
      'WEBVTT\n\n00:00:03.000 --> 00:00:01.000\nNever\n',
      'its one cue cannot be read (line 3: the cue ends before it starts)',
    ],
    [
      'a cue that ends as it starts, after a good one',
      'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n\n00:02.000-->00:02.000\nNever\n',
      '1 of its 2 cues cannot be read (line 6: the cue ends as it starts)',
    ],
    [
      'a timing in a note',
      'WEBVTT\n\nNOTE shown from\n00:00:01.000 --> 00:00:02.000\n\n00:03.000 --> 00:04.000\nx\n',
      '1 of its 2 cues cannot be read (line 4: Cannot have timestamp in a comment.)',
    ],
  ])('refuses %s', (_name, text, problem) => {
    expect(subtitleProblem(text)).toBe(problem);
  });
});
