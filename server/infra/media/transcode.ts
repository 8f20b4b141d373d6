import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FfmpegError, type MediaInfo, probeMedia, runFfmpeg } from './ffmpeg';

export interface SubtitleSource {
  /** A WebVTT file. */
  path: string;
  /** BCP 47 code such as `en` or `pt-BR`; it also names the files written for it. */
  languageCode: string;
  /** What the player's subtitle menu shows, such as "English". */
  name: string;
}

export interface TranscodeRequest {
  source: string;
  subtitles?: readonly SubtitleSource[];
  /** Must not exist yet; it appears complete or not at all. */
  outputDir: string;
  /** Fraction 0..1 of the whole job, never decreasing; 1 once the folder is in place. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The source cannot be made into a lesson video (no moving picture, no frame to show); the importer
 * refuses it like a file that is not a video. `reason` says why in a few words.
 */
export class UnreadableVideoError extends Error {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`${source}: ${reason}`);
    this.name = 'UnreadableVideoError';
  }
}

export interface FrameSize {
  width: number;
  height: number;
}

export interface RenditionEntry extends FrameSize {
  /** Media playlist, relative to the output folder. */
  playlist: string;
  /** Peak bits per second over any segment, as `EXT-X-STREAM-INF` wants it. */
  bandwidth: number;
  averageBandwidth: number;
  /** RFC 6381 codecs, read from the written init segment. */
  codecs: string;
  /** Playlist, init segment and media segments together. */
  sizeBytes: number;
}

export interface FileEntry extends FrameSize {
  path: string;
  sizeBytes: number;
}

/** Field names as the contract's subtitles carry them, plus the HLS rendition that wraps the file. */
export interface SubtitleEntry {
  language_code: string;
  name: string;
  /** The WebVTT file, relative to the output folder (the player's sidecar track). */
  link: string;
  /** Subtitle media playlist referenced by the master playlist. */
  playlist: string;
  /** The WebVTT file's bytes alone (what a lesson's download stores of it). */
  vttSizeBytes: number;
  /** The WebVTT file and its playlist. */
  sizeBytes: number;
}

/** What a transcode wrote; every path is relative to the output folder. */
export interface VideoManifest {
  master: string;
  durationSeconds: number;
  /** Lowest first. */
  renditions: RenditionEntry[];
  mp4: FileEntry;
  poster: FileEntry;
  subtitles: SubtitleEntry[];
  totalSizeBytes: number;
}

const MASTER_PLAYLIST = 'master.m3u8';
const MP4_FILE = 'video.mp4';
const POSTER_FILE = 'poster.jpg';
const SEGMENT_SECONDS = 2;
const TOP_HEIGHT = 720;
const AUDIO_BITRATE = 128_000;
const AUDIO_CODEC = 'mp4a.40.2';
const SUBTITLE_GROUP = 'subtitles';
/** Share of the job's progress taken by the encode; the poster and playlists take the rest. */
const ENCODE_SHARE = 0.95;
/** The poster is the frame at this share of the duration, past any black lead-in. */
const POSTER_AT = 0.1;
/**
 * The MP4 repeats the lighter rendition: it serves progressive playback and downloads kept on the
 * device, where size matters more than the last bit of sharpness.
 */
const MP4_RENDITION = 0;

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);

/**
 * Two renditions, never above the source: 360p and 720p from a source at least 720 lines tall,
 * otherwise half the source height and the source height. Widths keep the aspect ratio and, like
 * heights, are even (H.264 with 4:2:0 chroma needs it).
 */
export function planLadder(source: FrameSize): FrameSize[] {
  const heights =
    source.height >= TOP_HEIGHT ? [TOP_HEIGHT / 2, TOP_HEIGHT] : [source.height / 2, source.height];
  return heights.map((height) => ({
    width: even((source.width * even(height)) / source.height),
    height: even(height),
  }));
}

/** Target video bitrate: about 0.1 bit per pixel at 25 frames a second (1280x720 → 2.3 Mbit/s). */
function videoBitrate({ width, height }: FrameSize): number {
  return Math.max(150_000, Math.round((width * height * 25 * 0.1) / 1000) * 1000);
}

const renditionFolder = ({ height }: FrameSize) => `hls/${height}p`;

/** RFC 6381 name of the H.264 stream described by the first `avcC` box in an MP4 file. */
function avcCodecOf(mp4: Buffer): string {
  const at = mp4.indexOf('avcC');
  if (at < 0 || at + 8 > mp4.length) throw new Error('no H.264 configuration (avcC) in the init segment');
  // avcC payload: configurationVersion, AVCProfileIndication, profile_compatibility, AVCLevelIndication.
  const hex = (offset: number) => (mp4[at + offset] ?? 0).toString(16).padStart(2, '0');
  return `avc1.${hex(5)}${hex(6)}${hex(7)}`;
}

interface PlaylistSegment {
  file: string;
  seconds: number;
}

/** Segments of a media playlist ffmpeg wrote, with the init segment named by `EXT-X-MAP`. */
export function parseMediaPlaylist(text: string): { init?: string; segments: PlaylistSegment[] } {
  const segments: PlaylistSegment[] = [];
  let init: string | undefined;
  let seconds: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
    if (map) init = map[1];
    else if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#') && seconds !== undefined) {
      segments.push({ file: line, seconds });
      seconds = undefined;
    }
  }
  return { init, segments };
}

const sizeOf = async (path: string) => (await stat(path)).size;
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A rendition as the master playlist lists it, and the seconds its segments play. */
async function describeRendition(
  folder: string,
  size: FrameSize,
  hasAudio: boolean,
): Promise<{ rendition: RenditionEntry; seconds: number }> {
  const playlist = `${renditionFolder(size)}/index.m3u8`;
  const playlistDir = join(folder, renditionFolder(size));
  const playlistText = await readFile(join(folder, playlist), 'utf8');
  const { init, segments } = parseMediaPlaylist(playlistText);
  if (!init || segments.length === 0) throw new Error(`${playlist} lists no fMP4 segments`);
  const initBytes = await readFile(join(playlistDir, init));
  let peak = 0;
  let mediaBytes = 0;
  let mediaSeconds = 0;
  for (const segment of segments) {
    const bytes = await sizeOf(join(playlistDir, segment.file));
    mediaBytes += bytes;
    mediaSeconds += segment.seconds;
    if (segment.seconds > 0) peak = Math.max(peak, (bytes * 8) / segment.seconds);
  }
  const codecs = hasAudio ? `${avcCodecOf(initBytes)},${AUDIO_CODEC}` : avcCodecOf(initBytes);
  const rendition: RenditionEntry = {
    ...size,
    playlist,
    bandwidth: Math.ceil(peak),
    averageBandwidth: Math.ceil((mediaBytes * 8) / Math.max(mediaSeconds, 0.001)),
    codecs,
    sizeBytes: Buffer.byteLength(playlistText) + initBytes.length + mediaBytes,
  };
  return { rendition, seconds: mediaSeconds };
}

/** Master playlist with one variant per rendition and, since ffmpeg 4.1 leaves them out, the subtitle group. */
function masterPlaylist(renditions: readonly RenditionEntry[], subtitles: readonly SubtitleEntry[]): string {
  const group = subtitles.length > 0 ? `,SUBTITLES="${SUBTITLE_GROUP}"` : '';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const subtitle of subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",LANGUAGE="${subtitle.language_code}",` +
        `NAME="${subtitle.name}",DEFAULT=NO,AUTOSELECT=YES,URI="${subtitle.playlist}"`,
    );
  }
  for (const rendition of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth},AVERAGE-BANDWIDTH=${rendition.averageBandwidth},` +
        `RESOLUTION=${rendition.width}x${rendition.height},CODECS="${rendition.codecs}"${group}`,
      rendition.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A subtitle media playlist whose one segment is the whole WebVTT file. */
function subtitlePlaylist(vttFile: string, durationSeconds: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(durationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    vttFile,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** How every WebVTT file starts (a byte order mark allowed): the importer's full check starts here too. */
export const WEBVTT_SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/;

/** Rejects what would break file names or the master playlist's quoted strings, before any work. */
async function checkSubtitles(subtitles: readonly SubtitleSource[]): Promise<void> {
  const seen = new Set<string>();
  for (const { path, languageCode, name } of subtitles) {
    if (!LANGUAGE_CODE.test(languageCode))
      throw new Error(`subtitle language code "${languageCode}" is not a BCP 47 code`);
    if (seen.has(languageCode)) throw new Error(`subtitle language "${languageCode}" is given twice`);
    seen.add(languageCode);
    if (name.trim() === '' || /["\r\n]/.test(name))
      throw new Error(`subtitle name "${name}" is empty or has a quote or line break`);
    const text = await readFile(path, 'utf8');
    if (!WEBVTT_SIGNATURE.test(text)) throw new Error(`subtitle file ${path} is not WebVTT`);
  }
}

async function writeSubtitles(folder: string, subtitles: readonly SubtitleSource[], durationSeconds: number) {
  await mkdir(join(folder, 'subtitles'));
  const entries: SubtitleEntry[] = [];
  for (const { path, languageCode, name } of subtitles) {
    const text = await readFile(path);
    const playlistText = subtitlePlaylist(`${languageCode}.vtt`, durationSeconds);
    await writeFile(join(folder, 'subtitles', `${languageCode}.vtt`), text);
    await writeFile(join(folder, 'subtitles', `${languageCode}.m3u8`), playlistText);
    entries.push({
      language_code: languageCode,
      name,
      link: `subtitles/${languageCode}.vtt`,
      playlist: `subtitles/${languageCode}.m3u8`,
      vttSizeBytes: text.length,
      sizeBytes: text.length + Buffer.byteLength(playlistText),
    });
  }
  return entries;
}

/**
 * One ffmpeg run decodes the source once and encodes every rendition; the MP4 rendition goes through
 * the tee muxer to both its HLS playlist and the faststart MP4, so it is encoded once. Keyframes every
 * two seconds make segments cut on time in every rendition alike. Paths are relative to the working
 * folder, which keeps them free of the characters the tee muxer's option syntax reserves.
 */
function encodeArguments(source: string, ladder: readonly FrameSize[], hasAudio: boolean): string[] {
  const split = `[0:v:0]split=${ladder.length}${ladder.map((_, index) => `[s${index}]`).join('')}`;
  const scales = ladder.map(
    ({ width, height }, index) => `[s${index}]scale=${width}:${height},setsar=1,format=yuv420p[v${index}]`,
  );
  // -xerror: a source ffmpeg cannot fully decode (cut short, corrupt packets) fails the encode
  // instead of leaving a shorter or broken video.
  const args = ['-xerror', '-y', '-i', source, '-filter_complex', [split, ...scales].join(';')];
  ladder.forEach((size, index) => {
    const bitrate = videoBitrate(size);
    args.push('-map', `[v${index}]`);
    if (hasAudio) args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-b:v',
      String(bitrate),
      '-maxrate',
      String(Math.round(bitrate * 1.1)),
      '-bufsize',
      String(bitrate * 2),
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-flags',
      '+global_header',
    );
    const folder = renditionFolder(size);
    const hls: [string, string][] = [
      ['hls_time', String(SEGMENT_SECONDS)],
      ['hls_playlist_type', 'vod'],
      ['hls_segment_type', 'fmp4'],
      ['hls_fmp4_init_filename', 'init.mp4'],
      ['hls_segment_filename', `${folder}/segment-%03d.m4s`],
    ];
    const playlist = `${folder}/index.m3u8`;
    if (index === MP4_RENDITION) {
      const teeHls = hls.map(([key, value]) => `${key}=${value}`).join(':');
      args.push('-f', 'tee', `[f=hls:${teeHls}]${playlist}|[f=mp4:movflags=+faststart]${MP4_FILE}`);
    } else {
      args.push('-f', 'hls', ...hls.flatMap(([key, value]) => [`-${key}`, value]), playlist);
    }
  });
  return args;
}

/**
 * ffmpeg's complaint about the source when it cannot decode all of it, or null when it can. Asked
 * only once an encode failed, to tell a damaged source (refused like a file that is not a video)
 * from a failure of the machine, such as a full disk.
 */
async function decodeProblem(source: string, signal: AbortSignal | undefined): Promise<string | null> {
  try {
    await runFfmpeg(['-xerror', '-i', source, '-map', '0:v:0', '-map', '0:a:0?', '-f', 'null', '-'], {
      signal,
    });
    return null;
  } catch (error) {
    if (!(error instanceof FfmpegError) || signal?.aborted) throw error;
    const last = error.stderrTail.at(-1) ?? error.message;
    return last.startsWith(`${source}: `) ? last.slice(source.length + 2) : last;
  }
}

/**
 * Writes the poster: the frame at `seconds`, or the first frame when the picture ends before then (a
 * short clip under a long sound track), scaled to `size`.
 */
async function writePoster(
  source: string,
  seconds: number,
  size: FrameSize,
  folder: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const at of [seconds, 0]) {
    await runFfmpeg(
      [
        '-ss',
        at.toFixed(3),
        '-i',
        source,
        '-frames:v',
        '1',
        '-vf',
        `scale=${size.width}:${size.height},setsar=1`,
        '-q:v',
        '3',
        '-f',
        'image2',
        '-y',
        POSTER_FILE,
      ],
      { cwd: folder, signal },
    );
    // ffmpeg succeeds without writing anything when no frame comes after the seek point.
    if (await exists(join(folder, POSTER_FILE))) return;
  }
  throw new UnreadableVideoError(source, 'ffmpeg finds no frame to show as its poster');
}

async function writeAll(request: TranscodeRequest, folder: string, report: (fraction: number) => void) {
  const { source, subtitles = [], signal } = request;
  const info: MediaInfo = await probeMedia(source);
  if (!info.video) throw new UnreadableVideoError(source, 'no moving picture (only sound, or a still image)');
  const ladder = planLadder(info.video);
  for (const size of ladder) await mkdir(join(folder, renditionFolder(size)), { recursive: true });

  await runFfmpeg(encodeArguments(source, ladder, info.hasAudio), {
    cwd: folder,
    durationSeconds: info.durationSeconds,
    onProgress: (fraction) => report(fraction * ENCODE_SHARE),
    signal,
  }).catch(async (error: unknown) => {
    if (signal?.aborted) throw error;
    const problem = await decodeProblem(source, signal);
    throw problem === null ? error : new UnreadableVideoError(source, `damaged or cut short: ${problem}`);
  });

  const described: { rendition: RenditionEntry; seconds: number }[] = [];
  for (const size of ladder) described.push(await describeRendition(folder, size, info.hasAudio));
  const renditions = described.map(({ rendition }) => rendition);
  // What plays, not what the source's header claims: the two differ for a source cut short.
  const durationSeconds = (described[MP4_RENDITION] as { seconds: number }).seconds;

  const top = ladder[ladder.length - 1] as FrameSize;
  await writePoster(source, durationSeconds * POSTER_AT, top, folder, signal);

  const subtitleEntries = await writeSubtitles(folder, subtitles, durationSeconds);
  await writeFile(join(folder, MASTER_PLAYLIST), masterPlaylist(renditions, subtitleEntries));

  const mp4Size = ladder[MP4_RENDITION] as FrameSize;
  const mp4: FileEntry = { path: MP4_FILE, ...mp4Size, sizeBytes: await sizeOf(join(folder, MP4_FILE)) };
  const poster: FileEntry = { path: POSTER_FILE, ...top, sizeBytes: await sizeOf(join(folder, POSTER_FILE)) };
  const masterBytes = await sizeOf(join(folder, MASTER_PLAYLIST));
  const manifest: VideoManifest = {
    master: MASTER_PLAYLIST,
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    renditions,
    mp4,
    poster,
    subtitles: subtitleEntries,
    totalSizeBytes:
      masterBytes +
      mp4.sizeBytes +
      poster.sizeBytes +
      renditions.reduce((sum, entry) => sum + entry.sizeBytes, 0) +
      subtitleEntries.reduce((sum, entry) => sum + entry.sizeBytes, 0),
  };
  return manifest;
}

/**
 * Transcodes one source video (with optional WebVTT subtitles) into `outputDir`: an HLS ladder of two
 * fMP4 renditions with a master playlist and subtitle renditions, a faststart MP4 and a JPEG poster.
 * Everything is written into a hidden sibling folder first and renamed at the end, so a failure or an
 * abort leaves nothing behind.
 */
export async function transcodeVideo(request: TranscodeRequest): Promise<VideoManifest> {
  const { outputDir, subtitles = [], onProgress } = request;
  if (await exists(outputDir)) throw new Error(`output folder ${outputDir} already exists`);
  await checkSubtitles(subtitles);

  let reported = -1;
  const report = (fraction: number) => {
    if (fraction <= reported) return;
    reported = fraction;
    onProgress?.(fraction);
  };
  report(0);
  await mkdir(dirname(outputDir), { recursive: true });
  const temporary = join(dirname(outputDir), `.${basename(outputDir)}.partial-${randomUUID()}`);
  await mkdir(temporary);
  try {
    const manifest = await writeAll(request, temporary, report);
    await rename(temporary, outputDir);
    report(1);
    return manifest;
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}
