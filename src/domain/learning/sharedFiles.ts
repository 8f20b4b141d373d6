import { type DownloadFile, type DownloadRecord, type DownloadStatus, downloadSize } from './download';

/**
 * Lessons share media: two lessons may play the same video, with its poster and subtitles, and the
 * download cache holds each URL once. A stored file so belongs to every download that lists it: a
 * removal leaves the files another download still needs, and what the downloads take counts each
 * file once.
 */

/** A download stored or on its way needs its files; a failed one has none stored. */
const NEEDS_FILES: ReadonlySet<DownloadStatus> = new Set(['pending', 'loading', 'loaded']);

/** The URLs the downloads of lessons other than `lessonId` need: that lesson's removal leaves them. */
export function filesInUse(records: readonly DownloadRecord[], lessonId: number): ReadonlySet<string> {
  return new Set(
    records
      .filter((record) => record.lessonId !== lessonId && NEEDS_FILES.has(record.status))
      .flatMap((record) => record.files.map((file) => file.url)),
  );
}

/** A download as the total counts it: its status, its files and the bytes of them it holds. */
export type DownloadShare = { status: DownloadStatus; files: readonly DownloadFile[]; bytes: number };

/**
 * The bytes the downloads take on the device, each file once. Stored downloads count first, each
 * with the files no other counted yet; a download on its way counts the bytes it holds beyond the
 * files counted already (a file another download stored counts among its bytes, as it does not
 * fetch it again), so one still sharing a file it has not got yet may count less, never twice.
 */
export function storedSize(downloads: readonly DownloadShare[]): number {
  const counted = new Set<string>();
  let total = 0;
  const holding = downloads.filter((download) => NEEDS_FILES.has(download.status));
  const storedFirst = [
    ...holding.filter((download) => download.status === 'loaded'),
    ...holding.filter((download) => download.status !== 'loaded'),
  ];
  for (const { files, bytes } of storedFirst) {
    total += Math.max(0, bytes - downloadSize(files.filter((file) => counted.has(file.url))));
    for (const file of files) counted.add(file.url);
  }
  return total;
}
