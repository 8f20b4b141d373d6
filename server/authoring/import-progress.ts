import { counted } from './counted';
import type { ImportedCourse, ImportProgress } from './importer';

/**
 * How `course import` shows its progress on stderr: on a terminal one line redrawn in place (a bar
 * for the whole import, the current video and its percent); elsewhere (a log, a CI job) a plain line
 * per phase and per finished video, so the output stays readable.
 */

const BAR_WIDTH = 24;

const percent = (fraction: number) => `${Math.floor(fraction * 100)}%`.padStart(4);

export function progressLine(progress: ImportProgress): string {
  const filled = Math.round(progress.overall * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent(progress.overall)}`;
  const video = progress.video;
  const detail = video
    ? `video ${video.index}/${video.count} ${video.file} ${percent(video.fraction).trim()}`
    : progress.phase;
  return `${bar} ${detail}`;
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function progressReporter(output: ProgressOutput): (progress: ImportProgress) => void {
  let lastPhase = '';
  let lastVideo = 0;
  return (progress) => {
    if (output.isTTY) {
      output.write(`\r\x1b[2K${progressLine(progress)}${progress.phase === 'done' ? '\n' : ''}`);
      return;
    }
    const finishedVideo = progress.video?.fraction === 1 ? progress.video.index : 0;
    if (progress.phase !== 'transcoding' && progress.phase !== lastPhase)
      output.write(`${progressLine(progress)}\n`);
    else if (finishedVideo > lastVideo) {
      lastVideo = finishedVideo;
      output.write(`${progressLine(progress)}\n`);
    }
    lastPhase = progress.phase;
  };
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The last line of a successful import. */
export function importSummary(course: ImportedCourse, seconds: number): string {
  const { totals } = course;
  return (
    `Imported course ${course.courseId} "${course.title}": ${counted(totals.stages, 'stage')}, ` +
    `${counted(totals.days, 'day')}, ${counted(totals.lessons, 'lesson')}, ` +
    `${counted(totals.videos, 'video')} (${totals.videoSeconds} s), ${counted(totals.files, 'file')}, ` +
    `${megabytes(totals.bytes)} in ${seconds.toFixed(1)} s`
  );
}
