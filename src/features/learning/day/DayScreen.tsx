import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formErrorFrom } from '../../../../machines/forms/formSupport';
import type { dayMachine, LoadedDay } from '../../../../machines/learning/day.machine';
import { useBrand, useProvided } from '../../../app/hooks';
import { formatDate } from '../../../domain/learning/calendarDates';
import { calendarDayView } from '../../../domain/learning/calendarDays';
import { countdown } from '../../../domain/learning/countdown';
import type { LessonSet } from '../../../domain/learning/day';
import { type Freeze, freezeLiftsAt } from '../../../domain/learning/freeze';
import { resumePosition } from '../../../domain/learning/playback';
import { clampRepeatCount } from '../../../domain/learning/repeatCount';
import { dayProgressStatusOf, dayStatusOf, holdingFreeze } from '../../../domain/learning/stream';
import { Button } from '../../../ui/Button';
import { formErrorText } from '../../../ui/formText';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { Notice } from '../../../ui/Notice';
import { useFocusOnReturn } from '../../../ui/useFocusOnReturn';
import { DownloadedLessonsLink } from '../../offline/DownloadedLessonsLink';
import { downloadOffer } from '../../offline/downloadOffer.provide';
import { BackLink } from '../../shell/BackLink';
import { AccessEndedPage } from '../common/AccessEndedPage';
import { CourseNotAvailable } from '../common/CourseNotAvailable';
import { LessonHeading } from '../common/LessonSubtitle';
import { parseRouteId } from '../common/routeIds';
import { useStreamPageTitle } from '../common/useStreamPageTitle';
import { useTimeZone } from '../common/useTimeZone';
import { day as providedDay } from '../day.provide';
import { LessonScreen } from '../player/LessonScreen';
import { DayDownloadsView } from './DayDownloads';
import { type DownloadOfferHostProps, DownloadOfferHostSlot, DownloadOfferSlot } from './downloadOfferSlot';
import { LessonPlayerSlot } from './lessonPlayerSlot';
import './day.css';

export type DayActor = ActorRefFrom<typeof dayMachine>;

/** /course/{streamId}/calendar/{dayNumber}: the day with its lessons, started and finished here. */
export function DayScreen() {
  const params = useParams({ strict: false });
  const streamId = parseRouteId(params.streamId);
  const actor = useActorRef(useProvided(providedDay), {
    // A day number that is not a positive whole number names no day: 0 finds none.
    input: { streamId, dayNumber: parseRouteId(params.dayNumber) ?? 0 },
  });
  return (
    <LessonPlayerSlot.Provider value={LessonScreen}>
      <DownloadOfferHostSlot.Provider value={DownloadOfferHost}>
        <DayView actor={actor} />
      </DownloadOfferHostSlot.Provider>
    </LessonPlayerSlot.Provider>
  );
}

/**
 * The download offer of a ready day's stream (the stream its day was read with, so that only the
 * course is read for it) for the lessons and the whole day below.
 */
function DownloadOfferHost({ stream, children }: DownloadOfferHostProps) {
  const offer = useActorRef(useProvided(downloadOffer), {
    input: { stream, brandOfflineEnabled: useBrand().flags.isOfflineEnable },
  });
  return <DownloadOfferSlot.Provider value={offer}>{children}</DownloadOfferSlot.Provider>;
}

export function DayView({ actor }: { actor: DayActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const { streamId, dayNumber, loaded, error } = snapshot.context;
  const notFound = snapshot.matches('notFound');
  const OfferHost = useContext(DownloadOfferHostSlot);
  // A day number that is no number (`/calendar/abc`, read as 0) names no day to speak of.
  const dayName = dayNumber >= 1 ? t`Day ${dayNumber}` : t`Page not found`;
  useStreamPageTitle(
    { notFound, accessEnded: snapshot.matches('accessEnded') },
    loaded?.day.title || dayName,
  );
  if (notFound || streamId === null) return <CourseNotAvailable />;
  const backToCalendar = (
    <BackLink className="day__back" to="/course/$streamId/calendar" params={{ streamId: String(streamId) }}>
      <Trans>Back to the calendar</Trans>
    </BackLink>
  );
  // The page keeps a heading while its day cannot be shown: a screen reader finds where it is.
  const heading = <h1 className="day__title">{dayName}</h1>;

  if (snapshot.matches('loading')) {
    return (
      <section className="day page-state" aria-busy="true">
        <Loading label={t`Loading the day…`} />
      </section>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <section className="day">
        {backToCalendar}
        {heading}
        <LoadFailed
          text={t`Failed to load the day.`}
          detail={error?.message}
          onRetry={() => actor.send({ type: 'DAY.RETRY' })}
        />
        <DownloadedLessonsLink inPage />
      </section>
    );
  }
  if (snapshot.matches('dayNotFound')) {
    return (
      <section className="day">
        {backToCalendar}
        {heading}
        <Notice tone="info">
          {dayNumber >= 1 ? (
            <Trans>This course has no day {dayNumber}.</Trans>
          ) : (
            <Trans>This course has no such day.</Trans>
          )}
        </Notice>
      </section>
    );
  }
  if (!loaded) return null;
  if (snapshot.matches('accessEnded')) {
    return <AccessEndedPage stream={loaded.stream} course={loaded.course ?? null} now={Date.now()} />;
  }
  const freeze = snapshot.matches('frozen') ? holdingFreeze(loaded.stream) : null;
  return (
    <section className="day" aria-labelledby="day-title">
      {backToCalendar}
      <DayHeader loaded={loaded} />
      {snapshot.matches('broken') && (
        <Notice>
          <Trans>The day is filled in incorrectly. Contact customer care.</Trans>
        </Notice>
      )}
      {freeze && <FrozenNotice freeze={freeze} />}
      {snapshot.matches('notOpenYet') && <NotOpenNotice loaded={loaded} />}
      {snapshot.matches('locked') && (
        <>
          <Notice tone="info">
            <Trans>This day is locked. It opens in the full version of the course.</Trans>
          </Notice>
          {/* The way to that full version, as the access-ended page offers it. */}
          <Link className="btn btn--primary day__full-version" to="/catalog">
            <Trans>Go to the catalog</Trans>
          </Link>
        </>
      )}
      {snapshot.matches('rest') && (
        <p className="day__rest">
          <Trans>A day of rest. Recover and come back tomorrow.</Trans>
        </p>
      )}
      {snapshot.matches('ready') &&
        (OfferHost ? (
          <OfferHost stream={loaded.stream}>
            <ReadyDay actor={actor} loaded={loaded} />
          </OfferHost>
        ) : (
          <ReadyDay actor={actor} loaded={loaded} />
        ))}
      <Link
        className="day__materials"
        to="/course/$streamId/materials"
        params={{ streamId: String(streamId) }}
      >
        <Trans>Course materials</Trans>
      </Link>
    </section>
  );
}

/**
 * Why a frozen stream's day shows no lessons: the freeze's last day (as the course's access line says
 * it) and the day the course opens again.
 */
function FrozenNotice({ freeze }: { freeze: Freeze }) {
  const timeZone = useTimeZone();
  const lastDay = formatDate(freeze.endDate, timeZone);
  const reopens = formatDate(freezeLiftsAt(freeze, timeZone), timeZone);
  return (
    <Notice tone="info">
      <Trans>
        The course is frozen until {lastDay}. Its days open again on {reopens}.
      </Trans>
    </Notice>
  );
}

/**
 * A day not open yet names when it opens, as the calendar's "Closed until" does, when the stream's
 * statuses know it (a stream not started, or a day's opening delay): within a day, in hours.
 */
function NotOpenNotice({ loaded }: { loaded: LoadedDay }) {
  const timeZone = useTimeZone();
  const now = Date.now();
  const view = calendarDayView(loaded.day, loaded.stream, loaded.statuses, now, timeZone);
  return (
    <Notice tone="info">
      {view.kind === 'closedUntil' && view.date !== null ? (
        <OpensWhen date={view.date} now={now} timeZone={timeZone} />
      ) : (
        <Trans>This day is not open yet.</Trans>
      )}
    </Notice>
  );
}

function OpensWhen({ date, now, timeZone }: { date: number; now: number; timeZone: string | null }) {
  const wait = countdown(now, date);
  if (wait.unit === 'hour') {
    const hours = wait.count;
    return (
      <Plural
        value={hours}
        one="This day is not open yet. It opens in # hour."
        other="This day is not open yet. It opens in # hours."
      />
    );
  }
  const opensOn = formatDate(date, timeZone);
  return <Trans>This day is not open yet. It opens on {opensOn}.</Trans>;
}

function DayHeader({ loaded }: { loaded: LoadedDay }) {
  const { day, statuses } = loaded;
  const status = dayStatusOf(statuses, day.id);
  // Finishing takes the day's buttons away: a focus the pressed one had goes to the line that says so.
  const statusRef = useFocusOnReturn<HTMLParagraphElement>(status?.finishedAt != null);
  return (
    <header className="day__header">
      <p className="day__number">
        <Trans>Day {day.dayNumber}</Trans>
      </p>
      <h1 className="day__title" id="day-title">
        {day.title || <Trans>Day {day.dayNumber}</Trans>}
      </h1>
      {day.excerpt && <p className="day__excerpt">{day.excerpt}</p>}
      {/* A status region, so that starting or finishing the day is announced where it is shown. */}
      <p
        className={`day__status${status?.finishedAt != null ? ' day__status--done' : ''}`}
        ref={statusRef}
        id="day-status"
        role="status"
        tabIndex={-1}
      >
        {status?.finishedAt != null ? (
          <Trans>You finished this day.</Trans>
        ) : status?.startedAt != null ? (
          <Trans>You started this day.</Trans>
        ) : null}
      </p>
    </header>
  );
}

function ReadyDay({ actor, loaded }: { actor: DayActor; loaded: LoadedDay }) {
  const { day, statuses } = loaded;
  const { i18n } = useLingui();
  const offer = useContext(DownloadOfferSlot);
  const status = dayStatusOf(statuses, day.id);
  const starting = useSelector(actor, (state) => state.matches({ ready: 'starting' }));
  const finishing = useSelector(
    actor,
    (state) => state.matches({ ready: 'finishing' }) || state.matches({ ready: 'refreshing' }),
  );
  const error = useSelector(actor, (state) =>
    state.matches({ ready: 'actionFailed' }) ? state.context.error : null,
  );
  const started = status?.startedAt != null;
  const finished = status?.finishedAt != null;
  // Neither button is disabled while an action runs (the machine takes no second one meanwhile): a
  // disabled button drops the focus it had. Starting takes the start button away: a focus it had goes
  // on to the finish button.
  const finishRef = useFocusOnReturn<HTMLButtonElement>(started && !finished);
  return (
    <>
      <ol className="day__sets">
        {day.lessonSets.map((set) => (
          <LessonSetItem key={set.id} set={set} loaded={loaded} />
        ))}
      </ol>
      {offer && <DayDownloadsView actor={offer} day={day} />}
      <Notice>
        {/* As a form says it: the server's own refusal, no connection (whether the day changed is
            then unknown), or the generic text. */}
        {error && formErrorText(i18n, formErrorFrom(error), msg`Something went wrong`)}
      </Notice>
      {!finished && (
        <div className="day__actions">
          {!started && (
            <Button variant="secondary" busy={starting} onClick={() => actor.send({ type: 'DAY.START' })}>
              <Trans>Start the day</Trans>
            </Button>
          )}
          <Button ref={finishRef} busy={finishing} onClick={() => actor.send({ type: 'DAY.FINISH' })}>
            <Trans>Finish the day</Trans>
          </Button>
        </div>
      )}
    </>
  );
}

function LessonSetItem({ set, loaded }: { set: LessonSet; loaded: LoadedDay }) {
  const Player = useContext(LessonPlayerSlot);
  const repeats = clampRepeatCount(set.repeatCount, set);
  const dayStatus = dayProgressStatusOf(dayStatusOf(loaded.statuses, loaded.day.id));
  return (
    <li className="lesson-set">
      {repeats > 1 && (
        <p className="lesson-set__repeats">
          <Plural value={repeats} one="Repeat # time" other="Repeat # times" />
        </p>
      )}
      <ul className="lesson-set__lessons">
        {set.lessons.map((item) => {
          // Where the learner left it on this browser, else as far as the server says they watched.
          const viewed = loaded.statuses.lessons.find((lesson) => lesson.lessonSetLessonId === item.id);
          const startTime = resumePosition(
            loaded.leftAt?.[item.id] ?? viewed?.viewedSeconds ?? 0,
            item.lesson.durationMs / 1000,
          );
          return (
            <li key={item.id} className="lesson-set__lesson">
              {Player ? (
                <Player
                  streamId={loaded.stream.id}
                  dayId={loaded.day.id}
                  item={item}
                  startTime={startTime}
                  dayStatus={dayStatus}
                />
              ) : (
                <LessonHeading lesson={item.lesson} />
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}
