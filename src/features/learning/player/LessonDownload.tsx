import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { DownloadActor, DownloadsActor } from '../../../../machines/offline/downloads.machine';
import type { Lesson } from '../../../domain/learning/day';
import { downloadLessonOf, NO_SPACE_CODE } from '../../../domain/learning/download';
import { Button } from '../../../ui/Button';
import { formatSize } from '../../offline/formatSize';
import { useDownloadStatus, useLessonDownload } from '../../offline/useDownloads';

type LessonDownloadProps = {
  registry: DownloadsActor | null;
  lesson: Lesson;
  where: { streamId: number; dayId: number; courseTitle: string };
};

/**
 * A lesson's download control: download, then its progress with cancel, then the stored size with
 * delete, or the failure (not enough space, or another) with retry. Progress is announced in steps
 * of ten percent; the bar and the exact figure are for the eye.
 */
export function LessonDownload({ registry, lesson, where }: LessonDownloadProps) {
  const { t } = useLingui();
  const download = useLessonDownload(registry, lesson.id);
  const status = useDownloadStatus(download);
  const title = lesson.title;

  return (
    <KeepsFocus step={status}>
      {status === 'none' || !download ? (
        <div className="lesson-download">
          <Button
            variant="secondary"
            disabled={!registry}
            aria-label={t`Download for offline viewing: ${title}`}
            onClick={() =>
              registry?.send({
                type: 'DOWNLOADS.START',
                lesson: downloadLessonOf(lesson, where, window.location.origin),
              })
            }
          >
            <Trans>Download</Trans>
          </Button>
        </div>
      ) : (
        <LessonDownloadState registry={registry} download={download} lessonId={lesson.id} title={title} />
      )}
    </KeepsFocus>
  );
}

/**
 * Each step of a download shows other controls (Download, then Cancel, then Delete or Try again),
 * so the one that had the focus leaves with its step and the browser drops the focus to the body.
 * When the focus was in this control and got lost that way, the next step's first control takes
 * it: the keyboard goes on from the same lesson. A focus moved elsewhere by the learner is left.
 */
function KeepsFocus({ step, children }: { step: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const focused = () => {
      hadFocus.current = true;
    };
    // A blur towards another element is the learner moving on; a control removed blurs to nothing.
    const blurred = (event: FocusEvent) => {
      if (event.relatedTarget !== null) hadFocus.current = false;
    };
    element.addEventListener('focusin', focused);
    element.addEventListener('focusout', blurred);
    return () => {
      element.removeEventListener('focusin', focused);
      element.removeEventListener('focusout', blurred);
    };
  }, []);
  useEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (step && hadFocus.current && lost) box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [step]);
  return (
    <div ref={box} className="lesson-download__focus">
      {children}
    </div>
  );
}

function LessonDownloadState({
  registry,
  download,
  lessonId,
  title,
}: {
  registry: DownloadsActor | null;
  download: DownloadActor;
  lessonId: number;
  title: string;
}) {
  const { t, i18n } = useLingui();
  const status = useDownloadStatus(download);
  const { bytes, total, percent, code } = useSelector(download, (snapshot) => snapshot.context);
  const cancel = (
    <Button
      variant="link"
      aria-label={t`Cancel the download: ${title}`}
      onClick={() => registry?.send({ type: 'DOWNLOADS.CANCEL', lessonId })}
    >
      <Trans>Cancel</Trans>
    </Button>
  );
  const remove = (
    <Button
      variant="link"
      aria-label={t`Delete the download: ${title}`}
      onClick={() => registry?.send({ type: 'DOWNLOADS.DELETE', lessonId })}
    >
      <Trans>Delete</Trans>
    </Button>
  );

  if (status === 'pending') {
    return (
      <div className="lesson-download">
        <span role="status" className="lesson-download__text">
          <Trans>Preparing the download…</Trans>
        </span>
        {cancel}
      </div>
    );
  }
  if (status === 'loading') {
    const announced = Math.floor(percent / 10) * 10;
    return (
      <div className="lesson-download lesson-download--loading">
        <progress
          className="lesson-download__bar"
          max={100}
          value={percent}
          aria-label={t`Downloading: ${title}`}
        />
        <span className="lesson-download__text" aria-hidden="true">
          <Trans>
            {percent}% · {formatSize(bytes, i18n.locale)} of {formatSize(total, i18n.locale)}
          </Trans>
        </span>
        <span role="status" className="visually-hidden">
          <Trans>Downloading: {announced}%</Trans>
        </span>
        {cancel}
      </div>
    );
  }
  if (status === 'loaded') {
    const size = formatSize(total, i18n.locale);
    return (
      <div className="lesson-download lesson-download--done">
        <span role="status" className="lesson-download__text">
          <Trans>Downloaded · {size}</Trans>
        </span>
        {remove}
      </div>
    );
  }
  return (
    <div className="lesson-download lesson-download--failed">
      <span role="alert" className="lesson-download__text">
        {code === NO_SPACE_CODE ? <Trans>Not enough space</Trans> : <Trans>The download failed.</Trans>}
      </span>
      <Button
        variant="link"
        aria-label={t`Try the download again: ${title}`}
        onClick={() => download.send({ type: 'DOWNLOAD.RETRY' })}
      >
        <Trans>Try again</Trans>
      </Button>
      {remove}
    </div>
  );
}
