import { useSelector } from '@xstate/react';
import { useContext } from 'react';
import type { DownloadsActor } from '../../../../machines/offline/downloads.machine';
import { useApp } from '../../../app/hooks';
import { useDownloadStatus, useDownloadsRegistry, useLessonDownload } from '../../offline/useDownloads';
import { DownloadOfferSlot } from '../day/downloadOfferSlot';

export type LessonOffline = {
  /** The registry and the course's title when the stream offers downloads; null otherwise. */
  offer: { registry: DownloadsActor | null; streamId: number; courseTitle: string } | null;
  /** The lesson is stored on the device: the player plays the stored MP4. */
  downloaded: boolean;
  /** The app reads from its offline cache (no network): only stored lessons can play. */
  offline: boolean;
};

/** What the lesson's player needs to know about downloads and the network. */
export function useLessonOffline(lessonId: number): LessonOffline {
  const offerActor = useContext(DownloadOfferSlot);
  const offered = useSelector(offerActor ?? undefined, (snapshot) =>
    snapshot?.matches('offered') ? snapshot.context : null,
  );
  const registry = useDownloadsRegistry();
  const downloaded = useDownloadStatus(useLessonDownload(registry, lessonId)) === 'loaded';
  const offline = useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));
  return {
    offer: offered && { registry, streamId: offered.streamId, courseTitle: offered.courseTitle },
    downloaded,
    offline,
  };
}
