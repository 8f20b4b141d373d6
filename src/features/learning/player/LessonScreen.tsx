import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LessonEvent, lessonMachine } from '../../../../machines/learning/lesson.machine';
import { useBrand, useProvided } from '../../../app/hooks';
import {
  lessonDescriptionVideo,
  lessonVideo,
  type SetLesson,
  type Video,
} from '../../../domain/learning/day';
import { downloadedVideo } from '../../../domain/learning/download';
import { type PlayedRanges, playedMs, positionPercent } from '../../../domain/learning/playback';
import type { DayProgressStatus } from '../../../domain/learning/stream';
import { Button } from '../../../ui/Button';
import { LessonHeading, useLessonName } from '../common/LessonSubtitle';
import { lesson as providedLesson } from '../lesson.provide';
import { LessonDownload } from './LessonDownload';
import { useLessonOffline } from './useLessonOffline';
import { useNarrowScreen } from './useNarrowScreen';
import { VideoPlayer } from './VideoPlayer';
import './player.css';

export type LessonActor = ActorRefFrom<typeof lessonMachine>;

type LessonProps = {
  streamId: number;
  dayId: number;
  item: SetLesson;
  /** Where the learner stopped last time, in seconds. */
  startTime: number;
  /** The day's progress when the lesson plays on its day's page (a downloaded lesson plays without it). */
  dayStatus?: DayProgressStatus;
};

/** One lesson of a day with its player; the lesson machine keeps its playback statistic. */
export function LessonScreen({ streamId, dayId, item, startTime, dayStatus }: LessonProps) {
  const brand = useBrand();
  const actor = useActorRef(useProvided(providedLesson), {
    input: {
      streamId,
      dayId,
      lessonSetLessonId: item.id,
      minViewedMs: brand.statistic.MIN_SAVE_VIEWED_MS,
      minViewedMsVideoEnded: brand.statistic.MIN_SAVE_VIEWED_MS_VIDEO_ENDED,
      dayStatus,
    },
  });
  // The day is started or finished on its page while the lesson stays on screen.
  useEffect(() => {
    if (dayStatus) actor.send({ type: 'LESSON.DAY_STATUS', dayStatus });
  }, [actor, dayStatus]);
  return <LessonView actor={actor} item={item} startTime={startTime} />;
}

/** The media element behind an event of the player (Mux's element keeps the video inside). */
type MediaLike = { currentTime?: number; duration?: number; played?: PlayedRanges };
function mediaOf(target: EventTarget | null): MediaLike {
  const element = target as (MediaLike & { media?: { nativeEl?: MediaLike } }) | null;
  return element?.media?.nativeEl ?? element ?? {};
}

const viewedOf = (media: MediaLike) => playedMs(media.played);

/** The machine event a media event of the player stands for. */
function lessonEventOf(type: string, media: MediaLike): LessonEvent | null {
  switch (type) {
    case 'play':
      return { type: 'LESSON.PLAY' };
    case 'timeupdate':
      return {
        type: 'LESSON.PROGRESS',
        viewedMs: viewedOf(media),
        percent: positionPercent(media.currentTime ?? 0, media.duration ?? 0),
        positionSeconds: media.currentTime ?? 0,
      };
    case 'pause':
      return { type: 'LESSON.PAUSE', viewedMs: viewedOf(media), positionSeconds: media.currentTime ?? 0 };
    case 'ended':
      return { type: 'LESSON.ENDED', viewedMs: viewedOf(media) };
    default:
      return null;
  }
}

const MEDIA_EVENTS = ['play', 'timeupdate', 'pause', 'ended'] as const;

/**
 * The lesson: title and subtitle, the player (the vertical video on narrow screens) and the
 * description video behind a toggle. Media events do not bubble, so the frame listens in the capture
 * phase and turns each into a lesson event; leaving the lesson (or the page) closes the statistic.
 */
export function LessonView({
  actor,
  item,
  startTime = 0,
}: {
  actor: LessonActor;
  item: SetLesson;
  startTime?: number;
}) {
  const { t } = useLingui();
  const narrow = useNarrowScreen();
  const frame = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Showing the description video is a view choice, not part of the statistic.
  const [descriptionShown, setDescriptionShown] = useState(false);
  const { lesson } = item;
  const name = useLessonName(lesson);
  // A downloaded lesson plays its stored MP4 (`localUrl`); offline, a lesson not stored cannot play.
  // One already started keeps its player: what it has buffered still plays, and a call that went
  // unanswered meanwhile (a statistic) must not take the video away from under the learner.
  const { offer, downloaded, offline } = useLessonOffline(lesson.id);
  const started = useSelector(actor, (snapshot) => !snapshot.matches({ playback: 'ready' }));
  const playable = (candidate: Video | null) =>
    candidate && downloaded ? downloadedVideo(candidate) : offline && !started ? null : candidate;
  const video = playable(lessonVideo(lesson, narrow));
  const description = playable(lessonDescriptionVideo(lesson, narrow));
  const dayId = useSelector(actor, (snapshot) => snapshot.context.dayId);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onMedia = (event: Event) => {
      const media = mediaOf(event.target);
      const lessonEvent = lessonEventOf(event.type, media);
      if (!lessonEvent) return;
      actor.send(lessonEvent);
    };
    const onPageHide = () => actor.send({ type: 'LESSON.CLOSE' });
    for (const type of MEDIA_EVENTS) element.addEventListener(type, onMedia, true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      for (const type of MEDIA_EVENTS) element.removeEventListener(type, onMedia, true);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [actor]);

  // A layout effect's cleanup runs before the actor is stopped: the last statistic still leaves.
  useLayoutEffect(() => () => actor.send({ type: 'LESSON.CLOSE' }), [actor]);

  const sending = useSelector(actor, (snapshot) => snapshot.matches({ statistic: 'queueing' }));
  return (
    <article className="lesson" aria-labelledby={titleId} aria-busy={sending || undefined}>
      {/* The day's title is the page's h1: each lesson is a section right under it. */}
      <LessonHeading lesson={lesson} id={titleId} />
      <div
        className="lesson__player"
        ref={frame}
        data-vertical={narrow && lesson.verticalVideo ? '' : undefined}
      >
        {video && <VideoPlayer video={video} title={name} startTime={startTime} />}
        {!video && offline && lesson.video && (
          <p className="lesson__unplayable" role="status">
            <Trans>This video is not available offline.</Trans>
          </p>
        )}
        {/* A reference that is not a video was dropped (src/api/days.ts): the other lessons still play. */}
        {!lessonVideo(lesson, narrow) && (
          <p className="lesson__unplayable">
            <Trans>This lesson's video is missing. Contact customer care.</Trans>
          </p>
        )}
      </div>
      {offer && (
        <LessonDownload
          registry={offer.registry}
          item={item}
          where={{ streamId: offer.streamId, dayId, courseTitle: offer.courseTitle }}
        />
      )}
      {description && (
        <div className="lesson__description">
          <Button
            variant="link"
            aria-expanded={descriptionShown}
            aria-controls={descriptionId}
            onClick={() => setDescriptionShown((shown) => !shown)}
          >
            {descriptionShown ? <Trans>Hide the description</Trans> : <Trans>Show the description</Trans>}
          </Button>
          {/* Named on screen too: without its heading it looked like one more lesson of the day. */}
          {descriptionShown && (
            <section
              className="lesson__description-video"
              id={descriptionId}
              aria-labelledby={`${descriptionId}-title`}
            >
              <h3 className="lesson__description-title" id={`${descriptionId}-title`}>
                <Trans>Description of the lesson</Trans>
              </h3>
              <div className="lesson__description-player">
                <VideoPlayer video={description} title={t`Description: ${name}`} />
              </div>
            </section>
          )}
        </div>
      )}
    </article>
  );
}
