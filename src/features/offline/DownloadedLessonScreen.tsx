import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useBrand } from '../../app/hooks';
import { Loading } from '../../ui/LoadFailed';
import { Notice } from '../../ui/Notice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useKeptLessonName } from '../learning/common/LessonSubtitle';
import { parseRouteId } from '../learning/common/routeIds';
import { LessonScreen } from '../learning/player/LessonScreen';
import { BackLink } from '../shell/BackLink';
import { useDownloadStatus, useDownloadsRegistry, useLessonDownload } from './useDownloads';
import './downloads.css';

/**
 * /user/downloads/{lessonId}: a downloaded lesson played from the device with what its download
 * kept, so it plays without its day's answer, also after a day without a network when the kept
 * answers have expired. Its statistics go to the learner's queue as on the day page.
 */
export function DownloadedLessonScreen() {
  const { t } = useLingui();
  const brand = useBrand();
  const lessonId = parseRouteId(useParams({ strict: false }).lessonId) ?? 0;
  const registry = useDownloadsRegistry();
  const restoring = useSelector(registry ?? undefined, (snapshot) => snapshot?.matches('restoring') ?? true);
  const download = useLessonDownload(registry, lessonId);
  const status = useDownloadStatus(download);
  const stored = useSelector(download, (snapshot) => snapshot?.context.lesson);
  const playable = status === 'loaded' && stored?.item ? { ...stored, item: stored.item } : null;
  const lessonName = useKeptLessonName(playable?.lessonTitle ?? '');
  useDocumentTitle(playable ? lessonName : t`Downloads`);

  return (
    <section className="downloads" aria-labelledby="downloaded-lesson-title">
      <BackLink to="/user/downloads">
        <Trans>Back to the downloads</Trans>
      </BackLink>
      <h1 className="downloads__title" id="downloaded-lesson-title">
        {playable ? playable.courseTitle : <Trans>Downloads</Trans>}
      </h1>
      {playable ? (
        <LessonScreen
          streamId={playable.streamId}
          dayId={playable.dayId}
          item={playable.item}
          startTime={0}
        />
      ) : brand.flags.isOfflineEnable && restoring ? (
        <Loading label={t`Loading the downloads…`} />
      ) : (
        <Notice tone="info">
          <Trans>This lesson is not downloaded on this device.</Trans>
        </Notice>
      )}
    </section>
  );
}
