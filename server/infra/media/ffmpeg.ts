import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** How many of ffmpeg's last stderr lines a failure carries: enough to show the cause, not the whole log. */
const STDERR_TAIL_LINES = 12;

/**
 * The ffmpeg binary: `FFMPEG_PATH` when set, otherwise the static build inside `@ffmpeg-installer/ffmpeg`.
 * The package is required lazily so an override works even where the package has no build for the platform.
 */
export function ffmpegPath(): string {
  const override = process.env.FFMPEG_PATH;
  if (override) return override;
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

/** ffmpeg could not start or exited with an error; the message ends with ffmpeg's own last words. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: readonly string[],
  ) {
    super(stderrTail.length > 0 ? `${message}: ${stderrTail.join(' | ')}` : message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  /** Working folder of the process, so outputs can be named by short relative paths. */
  cwd?: string;
  /** Length of the output in seconds; with it, `onProgress` gets the done fraction. */
  durationSeconds?: number;
  /** Called with a fraction 0..1 that never decreases; 1 once ffmpeg reports the end. */
  onProgress?: (fraction: number) => void;
  /** Aborting stops ffmpeg and rejects. */
  signal?: AbortSignal;
}

/** Keeps the last `limit` complete lines of a stream's text. */
function lineTail(limit: number) {
  let pending = '';
  const lines: string[] = [];
  return {
    push(chunk: string) {
      const parts = (pending + chunk).split(/\r?\n|\r/);
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (line.trim() === '') continue;
        lines.push(line.trim());
        if (lines.length > limit) lines.shift();
      }
    },
    lines: () => (pending.trim() === '' ? [...lines] : [...lines, pending.trim()].slice(-limit)),
  };
}

/**
 * Reads `-progress pipe:1` blocks (`key=value` lines ending with `progress=continue|end`) and reports
 * the fraction of `durationSeconds` written so far. ffmpeg's `out_time_ms` is in microseconds despite its
 * name; `out_time_us` is preferred where the build prints it.
 */
export function progressParser(durationSeconds: number | undefined, report: (fraction: number) => void) {
  let pending = '';
  let best = -1;
  const emit = (fraction: number) => {
    const clamped = Math.min(1, Math.max(0, fraction));
    if (clamped <= best) return;
    best = clamped;
    report(clamped);
  };
  return (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=', 2);
      if (key === 'progress' && value === 'end') emit(1);
      else if ((key === 'out_time_us' || key === 'out_time_ms') && durationSeconds && durationSeconds > 0) {
        const microseconds = Number(value);
        if (Number.isFinite(microseconds) && microseconds >= 0) emit(microseconds / 1e6 / durationSeconds);
      }
    }
  };
}

/** Runs ffmpeg with `args` (no shell), reporting progress; rejects with an `FfmpegError` on failure. */
export function runFfmpeg(args: readonly string[], options: RunOptions = {}): Promise<void> {
  const binary = ffmpegPath();
  const fullArgs = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    ...args,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, fullArgs, {
      cwd: options.cwd,
      signal: options.signal,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stderr = lineTail(STDERR_TAIL_LINES);
    const onStdout = options.onProgress
      ? progressParser(options.durationSeconds, options.onProgress)
      : undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => onStdout?.(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        reject(new FfmpegError(`ffmpeg not found at ${binary} (set FFMPEG_PATH)`, null, []));
      else if (error.name === 'AbortError')
        reject(new FfmpegError('ffmpeg was stopped', null, stderr.lines()));
      else reject(new FfmpegError(`ffmpeg could not run (${error.message})`, null, stderr.lines()));
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else if (!options.signal?.aborted) {
        const how = code === null ? `was killed by ${signal}` : `exited with code ${code}`;
        reject(new FfmpegError(`ffmpeg ${how}`, code, stderr.lines()));
      }
    });
  });
}

export interface MediaInfo {
  durationSeconds: number;
  sizeBytes: number;
  /**
   * Frame size of the first video stream when it moves (two frames at least); absent for audio-only
   * files and for still pictures: an image file, or the cover art of an audio file.
   */
  video?: { width: number; height: number };
  hasAudio: boolean;
}

/**
 * The frame as a player shows it, from the description of the video stream (its line and the
 * metadata under it). Non-square pixels (`[SAR 64:45 …]`) widen it, and a quarter turn swaps its
 * sides: a phone stores a portrait video as landscape frames with a rotation flag, which ffmpeg
 * applies while decoding, so the ladder must be planned upright or the frames are stretched back.
 */
function displayedFrame(stream: string, width: number, height: number): { width: number; height: number } {
  const sar = /\[SAR (\d+):(\d+)/.exec(stream);
  const [sarWidth, sarHeight] = sar ? [Number(sar[1]), Number(sar[2])] : [1, 1];
  const shownWidth = sarWidth > 0 && sarHeight > 0 ? Math.round((width * sarWidth) / sarHeight) : width;
  const rotation =
    /displaymatrix: rotation of (-?\d+(?:\.\d+)?) degrees/.exec(stream)?.[1] ??
    /^\s*rotate\s*:\s*(-?\d+)\s*$/m.exec(stream)?.[1];
  const quarterTurn = rotation !== undefined && Math.abs(Math.round(Number(rotation) / 90)) % 2 === 1;
  return quarterTurn ? { width: height, height: shownWidth } : { width: shownWidth, height };
}

/** Parses what `ffmpeg -i` prints about its first input; `undefined` when it names no duration. */
export function parseMediaDescription(text: string): Omit<MediaInfo, 'sizeBytes'> | undefined {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(text);
  if (!duration) return undefined;
  const [, hours, minutes, seconds] = duration;
  const durationSeconds = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  // The video stream's description: its line, then its metadata and side data up to the next stream.
  const videoStream = /Stream #\d+:\d+.*?: Video: (.*(?:\n(?!\s*Stream #).*)*)/.exec(text)?.[1];
  const videoLine = videoStream?.split('\n')[0];
  // The frame size is the first WxH after "Video:" that is not a hexadecimal codec tag such as 0x31637661.
  const size = videoLine ? /(?:^|[\s,])(\d{2,5})x(\d{2,5})(?=[\s,]|$)/.exec(videoLine) : null;
  return {
    durationSeconds,
    video: size && videoStream ? displayedFrame(videoStream, Number(size[1]), Number(size[2])) : undefined,
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(text),
  };
}

/**
 * ffmpeg's arguments for a probe: it describes the input on stderr, then decodes at most two frames of
 * the first video stream and reports on stdout how many it got. A picture, which ffmpeg also shows as
 * a video stream, has one.
 */
const probeArguments = (path: string) => [
  '-hide_banner',
  '-nostdin',
  '-i',
  path,
  '-map',
  '0:v:0?',
  '-frames:v',
  '2',
  '-progress',
  'pipe:1',
  '-nostats',
  '-f',
  'null',
  '-',
];

/**
 * Duration, frame size and size in bytes of a media file. ffmpeg 4.1's package has no ffprobe, so this
 * reads the description `ffmpeg -i` prints of its input, and the frame count of a two-frame decode.
 */
export async function probeMedia(path: string): Promise<MediaInfo> {
  const { size } = await stat(path);
  const binary = ffmpegPath();
  const { output, progress } = await new Promise<{ output: string; progress: string }>((resolve, reject) => {
    const child = spawn(binary, probeArguments(path), { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let progressText = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      progressText += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new FfmpegError(
          error.code === 'ENOENT' ? `ffmpeg not found at ${binary} (set FFMPEG_PATH)` : error.message,
          null,
          [],
        ),
      ),
    );
    child.on('close', () => resolve({ output: text, progress: progressText }));
  });
  // What follows "Stream mapping:" describes the null output, not the file.
  const input = output.split(/^Stream mapping:/m)[0] ?? '';
  const description = parseMediaDescription(input);
  if (!description || description.durationSeconds <= 0) {
    const tail = lineTail(STDERR_TAIL_LINES);
    tail.push(input);
    throw new FfmpegError(`ffmpeg cannot read ${path}`, null, tail.lines());
  }
  const frames = Math.max(0, ...[...progress.matchAll(/^frame=(\d+)$/gm)].map((match) => Number(match[1])));
  return { ...description, video: frames >= 2 ? description.video : undefined, sizeBytes: size };
}
