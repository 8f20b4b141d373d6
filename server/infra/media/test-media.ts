import { writeFile } from 'node:fs/promises';
import { runFfmpeg } from './ffmpeg';

export interface TestVideoOptions {
  width: number;
  height: number;
  seconds: number;
  /** Pitch of the tone, so clips made for different lessons sound different. */
  frequency?: number;
}

/**
 * Writes an H.264 + AAC MP4 of ffmpeg's test picture and a sine tone. The fastest x264 preset keeps
 * it to a fraction of a second for short clips; the result is a source to import, not a delivery file.
 */
export async function makeTestVideo(path: string, options: TestVideoOptions): Promise<void> {
  const { width, height, seconds, frequency = 440 } = options;
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    '-y',
    path,
  ]);
}

/** `mm:ss.ttt`, the short WebVTT timestamp (enough for test clips under an hour). */
function vttTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds - minutes * 60).toFixed(3).padStart(6, '0');
  return `${String(minutes).padStart(2, '0')}:${rest}`;
}

/** WebVTT text with one cue per two seconds, each showing the next of `lines` in turn. */
export function testSubtitles(lines: readonly string[], seconds: number): string {
  if (lines.length === 0) throw new Error('testSubtitles needs at least one line');
  const cues: string[] = [];
  for (let start = 0, index = 0; start < seconds; start += 2, index += 1) {
    const end = Math.min(start + 2, seconds);
    cues.push(`${vttTime(start)} --> ${vttTime(end)}\n${lines[index % lines.length]}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Writes `testSubtitles(lines, seconds)` to `path`. */
export async function writeTestSubtitles(
  path: string,
  lines: readonly string[],
  seconds: number,
): Promise<void> {
  await writeFile(path, testSubtitles(lines, seconds), 'utf8');
}
