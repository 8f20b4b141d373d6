import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { DownloadActor, DownloadsActor } from '../../../../machines/offline/downloads.machine';
import type { SetLesson } from '../../../domain/learning/day';
import { downloadLessonOf } from '../../../domain/learning/download';
import { Button } from '../../../ui/Button';
import { formatPercent } from '../../../ui/formatPercent';
import { formatSize } from '../../offline/formatSize';
import {
  useAppOffline,
  useDownloadStatus,
  useFailureReason,
  useLessonDownload,
} from '../../offline/useDownloads';
import { useLessonName } from '../common/LessonSubtitle';

type LessonDownloadProps = {
  registry: DownloadsActor | null;
  item: SetLesson;
  where: { streamId: number; dayId: number; courseTitle: string };
};

/**
 * A lesson's download control: download, then its progress with cancel, then the stored size with
 * delete, or the failure (not enough space, no network, or another) with retry. Offline nothing
 * starts: no download, no retry; a stored one can still be deleted. Progress is announced in steps
 * of ten percent; the bar and the exact figure are for the eye.
 */
export function LessonDownload({ registry, item, where }: LessonDownloadProps) {
  const { lesson } = item;
  const download = useLessonDownload(registry, lesson.id);
  const status = useDownloadStatus(download);
  const offline = useAppOffline();
  const title = useLessonName(lesson);

  return (
    <KeepsFocus step={status}>
      {status === 'none' || !download ? (
        !offline && (
          <div className="lesson-download">
            <Named name={<Trans>Download for offline viewing: {title}</Trans>}>
              {(name) => (
                <Button
                  variant="secondary"
                  disabled={!registry}
                  aria-labelledby={name}
                  onClick={() =>
                    registry?.send({
                      type: 'DOWNLOADS.START',
                      lesson: downloadLessonOf(item, where, window.location.origin),
                    })
                  }
                >
                  <Trans>Download</Trans>
                </Button>
              )}
            </Named>
          </div>
        )
      ) : (
        <LessonDownloadState
          registry={registry}
          download={download}
          lessonId={lesson.id}
          title={title}
          offline={offline}
        />
      )}
    </KeepsFocus>
  );
}

/**
 * A control named by a hidden element it points at (aria-labelledby): its name is a translated
 * message (`<Trans>`) with the lesson in it, an element, which an aria-label could not take.
 */
function Named({ name, children }: { name: ReactNode; children: (nameId: string) => ReactNode }) {
  const nameId = useId();
  return (
    <>
      <span id={nameId} hidden>
        {name}
      </span>
      {children(nameId)}
    </>
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
  offline,
}: {
  registry: DownloadsActor | null;
  download: DownloadActor;
  lessonId: number;
  title: ReactNode;
  offline: boolean;
}) {
  const { i18n } = useLingui();
  const status = useDownloadStatus(download);
  const reason = useFailureReason(download);
  const { bytes, total, percent } = useSelector(download, (snapshot) => snapshot.context);
  const cancel = (
    <DownloadAction
      name={<Trans>Cancel the download: {title}</Trans>}
      onClick={() => registry?.send({ type: 'DOWNLOADS.CANCEL', lessonId })}
    >
      <Trans>Cancel</Trans>
    </DownloadAction>
  );
  const remove = (
    <DownloadAction
      name={<Trans>Delete the download: {title}</Trans>}
      onClick={() => registry?.send({ type: 'DOWNLOADS.DELETE', lessonId })}
    >
      <Trans>Delete</Trans>
    </DownloadAction>
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
    const announced = formatPercent(Math.floor(percent / 10) * 10, i18n.locale);
    const shown = formatPercent(percent, i18n.locale);
    return (
      <div className="lesson-download lesson-download--loading">
        <Named name={<Trans>Downloading: {title}</Trans>}>
          {(name) => (
            <progress className="lesson-download__bar" max={100} value={percent} aria-labelledby={name} />
          )}
        </Named>
        <span className="lesson-download__text" aria-hidden="true">
          <Trans>
            {shown} · {formatSize(bytes, i18n.locale)} of {formatSize(total, i18n.locale)}
          </Trans>
        </span>
        <span role="status" className="visually-hidden">
          <Trans>Downloading: {announced}</Trans>
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
        {reason === 'noSpace' ? (
          <Trans>Not enough space</Trans>
        ) : reason === 'offline' ? (
          <Trans>You are offline</Trans>
        ) : (
          <Trans>The download failed.</Trans>
        )}
      </span>
      {!offline && (
        <Named name={<Trans>Try the download again: {title}</Trans>}>
          {(name) => (
            <Button
              variant="link"
              aria-labelledby={name}
              onClick={() => download.send({ type: 'DOWNLOAD.RETRY' })}
            >
              <Trans>Try again</Trans>
            </Button>
          )}
        </Named>
      )}
      {remove}
    </div>
  );
}

/** A link-styled action of a download, named for the lesson it acts on (its visible text is short). */
function DownloadAction({
  name,
  onClick,
  children,
}: {
  name: ReactNode;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Named name={name}>
      {(id) => (
        <Button variant="link" aria-labelledby={id} onClick={onClick}>
          {children}
        </Button>
      )}
    </Named>
  );
}
