import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { DownloadActor, DownloadsActor } from '../../../machines/offline/downloads.machine';
import { useBrand, useSession } from '../../app/hooks';
import { formatDate } from '../../domain/learning/calendarDates';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Loading } from '../../ui/LoadFailed';
import { Notice } from '../../ui/Notice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useFocusAfterRemoval } from '../../ui/useFocusAfterRemoval';
import { useKeptLessonName } from '../learning/common/LessonSubtitle';
import { formatSize } from './formatSize';
import {
  useAppOffline,
  useDownloadStatus,
  useDownloadsRegistry,
  useFailureReason,
  useStoredBytes,
} from './useDownloads';
import '../account/account.css';
import { formatPercent } from '../../ui/formatPercent';

/** The device's free storage for this app (quota minus usage), or null where the browser cannot say. */
function useFreeSpace(recheck: unknown): number | null {
  const [free, setFree] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    // `recheck` changes whenever the downloads do: what they take is what the estimate reports.
    void recheck;
    navigator.storage
      ?.estimate?.()
      .then(({ quota, usage }) => {
        if (current && quota !== undefined) setFree(Math.max(0, quota - (usage ?? 0)));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [recheck]);
  return free;
}

/**
 * /user/downloads: the downloaded lessons with course, size and date, each to watch from here, a
 * failed one with its reason and a retry (online); delete one or all.
 */
export function DownloadsScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Downloads`);
  const brand = useBrand();
  const registry = useDownloadsRegistry();
  return (
    <section className="downloads" aria-labelledby="downloads-title">
      <h1 className="downloads__title" id="downloads-title">
        <Trans>Downloads</Trans>
      </h1>
      {!brand.flags.isOfflineEnable ? (
        <Notice tone="info">
          <Trans>Lessons cannot be downloaded in this app.</Trans>
        </Notice>
      ) : registry ? (
        <DownloadsView registry={registry} />
      ) : (
        <Loading label={t`Loading the downloads…`} />
      )}
    </section>
  );
}

export function DownloadsView({ registry }: { registry: DownloadsActor }) {
  const { t, i18n } = useLingui();
  const restoring = useSelector(registry, (snapshot) => snapshot.matches('restoring'));
  const clearing = useSelector(registry, (snapshot) => snapshot.matches('clearing'));
  const downloads = useSelector(registry, (snapshot) => snapshot.context.downloads);
  const children = Object.values(downloads);
  const used = useStoredBytes(registry);
  const free = useFreeSpace(downloads);
  const [confirming, setConfirming] = useState(false);
  // A removed download, or a cleared list (whose "Delete all" the dialog gave the focus back to),
  // leaves the focus on what is left to say: the space the downloads take, or that there are none.
  const afterRemoval = useRef<HTMLParagraphElement>(null);
  useFocusAfterRemoval(children.length, () => afterRemoval.current);

  if (restoring) return <Loading label={t`Loading the downloads…`} />;
  return (
    <>
      <p className="downloads__space" ref={children.length > 0 ? afterRemoval : undefined} tabIndex={-1}>
        <Trans>Downloads take {formatSize(used, i18n.locale)}.</Trans>{' '}
        {free !== null && <Trans>Free on this device: {formatSize(free, i18n.locale)}.</Trans>}
      </p>
      {children.length === 0 ? (
        <p className="downloads__empty" ref={afterRemoval} tabIndex={-1}>
          <Trans>
            No downloaded lessons yet. Download a lesson from its day to watch it without the internet.
          </Trans>
        </p>
      ) : (
        <>
          <ul className="downloads__list">
            {Object.entries(downloads).map(([lessonId, download]) => (
              <DownloadItem key={lessonId} registry={registry} download={download} />
            ))}
          </ul>
          <Button variant="secondary" busy={clearing} onClick={() => setConfirming(true)}>
            <Trans>Delete all downloads</Trans>
          </Button>
        </>
      )}
      {confirming && (
        <Dialog title={t`Delete all downloads?`} onClose={() => setConfirming(false)} closeLabel={t`Close`}>
          <p>
            <Trans>Every downloaded lesson is removed from this device. You can download them again.</Trans>
          </p>
          <div className="downloads__confirm">
            <Button
              onClick={() => {
                registry.send({ type: 'DOWNLOADS.CLEAR' });
                setConfirming(false);
              }}
            >
              <Trans>Delete all</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Trans>Keep them</Trans>
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

function DownloadItem({ registry, download }: { registry: DownloadsActor; download: DownloadActor }) {
  const { t, i18n } = useLingui();
  const status = useDownloadStatus(download);
  const reason = useFailureReason(download);
  const offline = useAppOffline();
  const { lesson, total, percent, downloadedAt } = useSelector(download, (snapshot) => snapshot.context);
  const shownPercent = formatPercent(percent, i18n.locale);
  const title = useKeptLessonName(lesson.lessonTitle);
  const size = formatSize(total, i18n.locale);
  const timeZone = useSession((snapshot) => snapshot.context.user?.timezone);
  const date = downloadedAt === null ? '' : formatDate(downloadedAt, timeZone);
  const inProgress = status === 'pending' || status === 'loading';
  return (
    <li className="downloads__item">
      <div className="downloads__lesson">
        <span className="downloads__lesson-title">{title}</span>
        <span className="downloads__course">{lesson.courseTitle}</span>
      </div>
      <span className="downloads__details">
        {status === 'loaded' && (
          <Trans>
            {size} · downloaded {date}
          </Trans>
        )}
        {inProgress && <Trans>Downloading: {shownPercent}</Trans>}
        {status === 'fail' &&
          (reason === 'noSpace' ? (
            <Trans>Not enough space</Trans>
          ) : reason === 'offline' ? (
            <Trans>You are offline</Trans>
          ) : (
            <Trans>The download failed.</Trans>
          ))}
      </span>
      <span className="downloads__actions">
        {status === 'loaded' && lesson.item && (
          <Link
            className="btn btn--link"
            to="/user/downloads/$lessonId"
            params={{ lessonId: String(lesson.lessonId) }}
            aria-label={t`Watch: ${title}`}
          >
            <Trans>Watch</Trans>
          </Link>
        )}
        {status === 'fail' && !offline && (
          <Button
            variant="link"
            aria-label={t`Try the download again: ${title}`}
            onClick={() => download.send({ type: 'DOWNLOAD.RETRY' })}
          >
            <Trans>Try again</Trans>
          </Button>
        )}
        <Button
          variant="link"
          aria-label={inProgress ? t`Cancel the download: ${title}` : t`Delete the download: ${title}`}
          onClick={() =>
            registry.send({
              type: inProgress ? 'DOWNLOADS.CANCEL' : 'DOWNLOADS.DELETE',
              lessonId: lesson.lessonId,
            })
          }
        >
          {inProgress ? <Trans>Cancel</Trans> : <Trans>Delete</Trans>}
        </Button>
      </span>
    </li>
  );
}
