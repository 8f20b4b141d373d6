import { createHash, randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaTools } from '../authoring/importer';
import { type MediaInfo, probeMedia } from '../infra/media/ffmpeg';
import { type TranscodeRequest, transcodeVideo, type VideoManifest } from '../infra/media/transcode';
import { withFileLock } from './file-lock';

/**
 * Media work served from a folder keyed by content: the hash of the source video and of each subtitle
 * (language, name, text). A transcode miss runs once into the cache (under a lock, so parallel
 * processes wait instead of repeating the work) and every hit links the cached files into the output
 * folder, which costs milliseconds; probes are kept the same way, since starting ffmpeg for each file
 * costs more than the rest of an import of cached media. The demo seed imports its course through
 * this on every fresh database.
 */

const MANIFEST_FILE = 'manifest.json';
const VIDEO_FOLDER = 'video';

/**
 * The media pipeline's own source is part of every key: a change to the ladder, the encoder settings
 * or the probe makes every cached entry a miss instead of serving what the old code wrote.
 */
const PIPELINE_SOURCES = ['../infra/media/transcode.ts', '../infra/media/ffmpeg.ts'];
let pipelineHash: Promise<string> | undefined;
const pipelineVersion = () => {
  pipelineHash ??= Promise.all(
    PIPELINE_SOURCES.map((file) => readFile(new URL(file, import.meta.url)).catch(() => Buffer.from(file))),
  ).then((sources) => createHash('sha256').update(Buffer.concat(sources)).digest('hex'));
  return pipelineHash;
};

async function contentKey(request: Pick<TranscodeRequest, 'source' | 'subtitles'>): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await pipelineVersion());
  hash.update(await readFile(request.source));
  for (const subtitle of request.subtitles ?? []) {
    hash.update(`\0${subtitle.languageCode}\0${subtitle.name}\0`);
    hash.update(await readFile(subtitle.path));
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * Hard-links every file of `from` into the new folder `to` (copies across file systems). The cache's
 * files are never written again, so sharing their inodes is safe.
 */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        await copyFile(source, target);
      });
  }
}

async function readEntry(entry: string): Promise<VideoManifest | null> {
  const text = await readFile(join(entry, MANIFEST_FILE), 'utf8').catch(() => null);
  return text === null ? null : (JSON.parse(text) as VideoManifest);
}

/** Transcodes into the cache entry: written beside it and renamed, so an entry is whole or absent. */
async function fill(entry: string, request: TranscodeRequest): Promise<VideoManifest> {
  const partial = `${entry}.partial-${randomUUID()}`;
  try {
    const manifest = await transcodeVideo({ ...request, outputDir: join(partial, VIDEO_FOLDER) });
    await writeFile(join(partial, MANIFEST_FILE), JSON.stringify(manifest));
    await rename(partial, entry);
    return manifest;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/** A `probe` for the importer that keeps its results in `cacheDir`. */
function cachedProbe(cacheDir: string): MediaTools['probe'] {
  return async (path) => {
    await mkdir(cacheDir, { recursive: true });
    const entry = join(cacheDir, `probe-${await contentKey({ source: path })}.json`);
    const cached = await readFile(entry, 'utf8').catch(() => null);
    if (cached !== null) return JSON.parse(cached) as MediaInfo;
    const info = await probeMedia(path);
    const partial = `${entry}.partial-${randomUUID()}`;
    await writeFile(partial, JSON.stringify(info));
    await rename(partial, entry);
    return info;
  };
}

/** A `transcode` for the importer that keeps its results in `cacheDir`. */
function cachedTranscode(cacheDir: string): MediaTools['transcode'] {
  return async (request) => {
    await mkdir(cacheDir, { recursive: true });
    const entry = join(cacheDir, await contentKey(request));
    const manifest =
      (await readEntry(entry)) ??
      (await withFileLock(`${entry}.lock`, async () => (await readEntry(entry)) ?? fill(entry, request)));
    await linkTree(join(entry, VIDEO_FOLDER), request.outputDir);
    request.onProgress?.(1);
    return manifest;
  };
}

/** The importer's media tools, cached in `cacheDir`. */
export const cachedMediaTools = (cacheDir: string): MediaTools => ({
  probe: cachedProbe(cacheDir),
  transcode: cachedTranscode(cacheDir),
});
