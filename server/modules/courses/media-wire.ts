import * as v from 'valibot';
import type { mediaFiles, videos } from '../../db/schema';
import { toSeconds } from '../../http/time';

/**
 * Media files on the wire: documents and images as `MediaFile`, a lesson's video reference as
 * `VideoRef`. The URLs are root-relative paths the media routes serve under the session; the
 * storage path of a file never leaves the server.
 */

type MediaFileRow = typeof mediaFiles.$inferSelect;
type VideoRow = typeof videos.$inferSelect;

/** A media file with its transcoded video, when it has one. */
export interface MediaRow {
  file: MediaFileRow;
  video: VideoRow | null;
}

const MEDIA_TYPE = { video: 1, image: 2 } as const;

const videoFolder = (fileId: number) => `/media/videos/${fileId}`;
const videoUrls = (fileId: number) => ({
  master: `${videoFolder(fileId)}/master.m3u8`,
  mp4: `${videoFolder(fileId)}/video.mp4`,
  poster: `${videoFolder(fileId)}/poster.jpg`,
});

/** A file's own URL: a video plays as its MP4, anything else downloads under its name. */
function fileUrl(file: MediaFileRow): string {
  if (file.type === MEDIA_TYPE.video) return videoUrls(file.id).mp4;
  return `/media/files/${file.id}/${encodeURIComponent(file.name)}`;
}

/**
 * What the course answers read of the stored transcode manifest (server/infra/media/transcode.ts
 * `VideoManifest`). It is parsed rather than trusted: a manifest from an older transcode that lacks
 * a part yields null fields, never a failed answer.
 */
const StoredManifest = v.object({
  mp4: v.optional(v.object({ sizeBytes: v.number() })),
  poster: v.optional(v.object({ sizeBytes: v.number() })),
  subtitles: v.optional(
    v.array(
      v.object({
        language_code: v.string(),
        name: v.string(),
        link: v.string(),
        vttSizeBytes: v.optional(v.number()),
      }),
    ),
  ),
  totalSizeBytes: v.optional(v.number()),
});

function readManifest(video: VideoRow): v.InferOutput<typeof StoredManifest> {
  const parsed = v.safeParse(StoredManifest, video.manifest);
  return parsed.success ? parsed.output : {};
}

/** A subtitle link is a path relative to the video folder; each segment is encoded on its own. */
const subtitleUrl = (fileId: number, link: string) =>
  `${videoFolder(fileId)}/${link.split('/').map(encodeURIComponent).join('/')}`;

export const WireMediaFile = v.object({
  id: v.number(),
  type: v.number(),
  name: v.string(),
  url: v.string(),
  mime_type: v.string(),
  size_bytes: v.number(),
  urls: v.nullable(v.object({ small: v.string(), medium: v.string(), large: v.string() })),
  created_at: v.number(),
  updated_at: v.number(),
});

export function toWireMediaFile(file: MediaFileRow): v.InferOutput<typeof WireMediaFile> {
  const url = fileUrl(file);
  return {
    id: file.id,
    type: file.type,
    name: file.name,
    url,
    mime_type: file.mimeType,
    size_bytes: file.sizeBytes,
    // One stored size serves every slot; the app picks a slot by screen, not by content.
    urls: file.type === MEDIA_TYPE.image ? { small: url, medium: url, large: url } : null,
    created_at: toSeconds(file.createdAt),
    updated_at: toSeconds(file.updatedAt),
  };
}

/** The spec's subtitle, with the file's size (the server's own field: what a download stores). */
export const WireSubtitle = v.object({
  language_code: v.string(),
  name: v.string(),
  link: v.string(),
  size_bytes: v.nullable(v.number()),
});

export const WireVideoRef = v.object({
  id: v.number(),
  type: v.number(),
  name: v.string(),
  created_at: v.number(),
  updated_at: v.number(),
  duration: v.nullable(v.number()),
  size_bytes: v.number(),
  url: v.string(),
  hls_playlist: v.nullable(v.string()),
  mp4_playlist: v.nullable(v.string()),
  preview: v.nullable(v.string()),
  mp4_size_bytes: v.nullable(v.number()),
  preview_size_bytes: v.nullable(v.number()),
  subtitles: v.array(WireSubtitle),
  survey_form_url: v.null(),
  image_url: v.null(),
});

/**
 * A lesson's video reference. A file that is not a transcoded video (wrong type, or a video not
 * transcoded yet) is still sent, with its own URL and the video fields null: the app decides to
 * skip it (content spec: "each reference must be of type video").
 */
export function toWireVideoRef({ file, video }: MediaRow): v.InferOutput<typeof WireVideoRef> {
  const common = {
    id: file.id,
    type: file.type,
    name: file.name,
    created_at: toSeconds(file.createdAt),
    updated_at: toSeconds(file.updatedAt),
    survey_form_url: null,
    image_url: null,
  };
  if (file.type !== MEDIA_TYPE.video || !video) {
    return {
      ...common,
      duration: null,
      size_bytes: file.sizeBytes,
      url: fileUrl(file),
      hls_playlist: null,
      mp4_playlist: null,
      preview: null,
      mp4_size_bytes: null,
      preview_size_bytes: null,
      subtitles: [],
    };
  }
  const manifest = readManifest(video);
  const urls = videoUrls(file.id);
  return {
    ...common,
    duration: video.durationSeconds,
    size_bytes: manifest.totalSizeBytes ?? file.sizeBytes,
    url: urls.mp4,
    hls_playlist: urls.master,
    mp4_playlist: urls.mp4,
    preview: urls.poster,
    mp4_size_bytes: manifest.mp4?.sizeBytes ?? null,
    preview_size_bytes: manifest.poster?.sizeBytes ?? null,
    subtitles: (manifest.subtitles ?? []).map((subtitle) => ({
      language_code: subtitle.language_code,
      name: subtitle.name,
      link: subtitleUrl(file.id, subtitle.link),
      size_bytes: subtitle.vttSizeBytes ?? null,
    })),
  };
}
