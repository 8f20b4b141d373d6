import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type CalendarInput,
  type calendarMachine,
  legacyDayGone,
  offersDialog,
} from '../../../../machines/learning/calendar.machine';
import type { FreezeOutput } from '../../../../machines/learning/freeze.machine';
import { useProvided } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { calendarDayView } from '../../../domain/learning/calendarDays';
import type { Course } from '../../../domain/learning/course';
import { daysToComplete } from '../../../domain/learning/daysToComplete';
import { type CourseStream, freezeActionOf, plannedFreeze } from '../../../domain/learning/stream';
import { Button } from '../../../ui/Button';
import { preloadDatePickerField } from '../../../ui/lazyDateFields';
import { useDrawnInSlices } from '../../../ui/useDrawnInSlices';
import { calendar } from '../calendar.provide';
import { AccessEndedPage } from '../common/AccessEndedPage';
import { AccessLine } from '../common/AccessLine';
import { CourseNotAvailable } from '../common/CourseNotAvailable';
import '../common/learning.css';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { Notice } from '../../../ui/Notice';
import { DownloadedLessonsLink } from '../../offline/DownloadedLessonsLink';
import { BackLink } from '../../shell/BackLink';
import { ProgressBar } from '../common/ProgressBar';
import { parseRouteId } from '../common/routeIds';
import { Tabs } from '../common/Tabs';
import { useOverlayInHistory } from '../common/useOverlayInHistory';
import { useStreamPageTitle } from '../common/useStreamPageTitle';
import { useTimeZone } from '../common/useTimeZone';
import { FreezeDialog } from '../freeze/FreezeDialog';
import { PlannedFreezeLine } from '../freeze/PlannedFreezeLine';
import { CalendarDayItem } from './CalendarDayItem';
import { useSavedScroll } from './useSavedScroll';
import { VersionUpdateDialog } from './VersionUpdateDialog';

type Calendar = ActorRefFrom<typeof calendarMachine>;

const FREEZE_CONTROL_ID = 'calendar-freeze-control';
const ACCESS_LINE_ID = 'calendar-access';
const TITLE_ID = 'calendar-title';

/**
 * Where the focus goes after the freeze dialog when the control that opened it is gone or there was
 * none (the freeze route opened it): the header's freeze control, else the stream's access line,
 * which says what the freeze changed.
 */
const focusAfterFreezeDialog = () =>
  document.getElementById(FREEZE_CONTROL_ID) ?? document.getElementById(ACCESS_LINE_ID);
/** The course's title: a keyboard user goes on from the top of the calendar. */
const focusAfterVersionDialog = () => document.getElementById(TITLE_ID);

/**
 * The course calendar (/course/{streamId}/calendar). `?dialog=freeze` (where /course/{id}/freeze
 * leads) opens the freeze dialog over it; `?dayId=` (where the old day path leads) moves on to that day.
 */
export function CalendarScreen() {
  const { streamId } = useParams({ strict: false });
  const search = useSearch({ strict: false });
  const timeZone = useTimeZone();
  const input: CalendarInput = {
    streamId: parseRouteId(streamId),
    dialog: search.dialog === 'freeze' ? 'freeze' : null,
    legacyDayId: parseRouteId(search.dayId),
    now: Date.now,
    timeZone,
  };
  // Another stream is another calendar: a fresh machine, not the old one's state.
  return <CalendarRun key={streamId} input={input} />;
}

function CalendarRun({ input }: { input: CalendarInput }) {
  const actor = useActorRef(useProvided(calendar), { input, inspect: recordTransitions });
  // The same flag as the view's list (see CalendarView): the scroll waits for the days to be drawn.
  const drawn = useDrawnInSlices(useSelector(actor, (snapshot) => snapshot.matches('ready')));
  useSavedScroll(input.streamId, drawn);
  return (
    <>
      <CalendarView actor={actor} />
      <CalendarFreezeDialog actor={actor} />
    </>
  );
}

/**
 * The freeze dialog or the unfreeze confirmation over the calendar, while the calendar asks for it.
 * It is an entry of the tab's history as the freeze path makes it (`?dialog=freeze`, which opens
 * whichever dialog the stream's freeze control offers), so the browser's Back closes it.
 */
function CalendarFreezeDialog({ actor }: { actor: Calendar }) {
  const dialog = useSelector(actor, (snapshot) => snapshot.context.dialog);
  const stream = useSelector(actor, (snapshot) => snapshot.context.stream);
  const refused = useSelector(actor, (snapshot) => snapshot.context.dialogRefused);
  const leaveEntry = useOverlayInHistory({
    shown: dialog !== null && stream !== null,
    param: 'dialog',
    value: 'freeze',
    onBack: () => actor.send({ type: 'DIALOG.CLOSE' }),
    onNamed: () => actor.send({ type: 'DIALOG.REQUESTED' }),
    refused,
    offered: () => offersDialog(actor.getSnapshot().context),
  });
  if (dialog === null || stream === null) return null;
  const close = ({ stream: changed, stale }: FreezeOutput) => {
    if (changed) actor.send({ type: 'STREAM.CHANGED', stream: changed });
    else actor.send({ type: stale ? 'STREAM.STALE' : 'DIALOG.CLOSE' });
    leaveEntry();
  };
  return <FreezeDialog stream={stream} mode={dialog} onClose={close} focusOnClose={focusAfterFreezeDialog} />;
}

export function CalendarView({ actor }: { actor: Calendar }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (current) => current);
  // A long course's days are the biggest render of the app: they are drawn in slices, the header first.
  const daysDrawn = useDrawnInSlices(snapshot.matches('ready'));
  const timeZone = useTimeZone();
  const { stream, course } = snapshot.context;
  const notFound = snapshot.matches('notFound');
  useStreamPageTitle(
    { notFound, accessEnded: snapshot.matches('accessEnded') },
    course?.title ?? t`Course calendar`,
  );
  const now = Date.now();

  if (notFound) return <CourseNotAvailable />;

  if (snapshot.matches('failed')) {
    return (
      <section className="learning calendar" aria-labelledby={TITLE_ID}>
        <BackToMyCourses />
        <h1 id={TITLE_ID}>
          <Trans>Course calendar</Trans>
        </h1>
        <LoadFailed
          text={t`Could not load the course calendar. Check the connection and try again.`}
          onRetry={() => actor.send({ type: 'CALENDAR.RETRY' })}
        />
        <DownloadedLessonsLink inPage />
      </section>
    );
  }
  if (snapshot.matches('accessEnded') && stream) {
    return <AccessEndedPage stream={stream} course={course} now={now} />;
  }
  const { stages, days, statuses, filters, versionModal } = snapshot.context;
  const leaving = snapshot.matches('leavingForDay');
  if (leaving || !stream || !course) return <Loading label={t`Loading the course calendar…`} />;
  // The header is drawn as soon as the course is in; the stages and days follow below it. The menu's
  // "My courses" leads back to the last page of its section, which is this one: the way to the list
  // of courses is here.
  const header = (
    <>
      <BackToMyCourses />
      <CalendarHeader actor={actor} stream={stream} course={course} now={now} timeZone={timeZone} />
      {legacyDayGone(snapshot.context) && (
        <Notice tone="info" polite>
          <Trans>The day this link leads to is not in this course. Here is the course calendar.</Trans>
        </Notice>
      )}
    </>
  );
  if (!daysDrawn || !statuses) {
    return (
      <section className="learning calendar" aria-labelledby={TITLE_ID} aria-busy="true">
        {header}
        <Loading label={t`Loading the course calendar…`} />
      </section>
    );
  }

  const stage = stages.find((candidate) => candidate.id === filters.stageId);
  const dayById = new Map(days.map((day) => [day.id, day]));
  const stageDays = (stage?.dayIds ?? []).flatMap((id) => dayById.get(id) ?? []);
  const counted = new Set(
    daysToComplete(days, (day) => ({ restDay: day.isDayOfRest, required: day.requiredToComplete })),
  );
  const views = stageDays.map((day) => ({
    day,
    view: calendarDayView(day, stream, statuses, now, timeZone),
    optional: !day.isDayOfRest && !counted.has(day),
  }));
  const shown = filters.showFinished ? views : views.filter(({ view }) => view.kind !== 'done');

  return (
    <section className="learning calendar" aria-labelledby={TITLE_ID}>
      {header}

      {stages.length === 0 || stage === undefined ? (
        <p className="empty-state muted">
          <Trans>This course has no days yet.</Trans>
        </p>
      ) : (
        <Tabs
          label={t`Stages`}
          tabs={stages.map((item, index) => ({ key: item.id, label: item.title || t`Stage ${index + 1}` }))}
          selected={stage.id}
          onSelect={(stageId) => actor.send({ type: 'STAGE.SELECT', stageId })}
        >
          <div className="calendar__filter">
            <input
              id="calendar-show-finished"
              type="checkbox"
              checked={filters.showFinished}
              onChange={() => actor.send({ type: 'FILTERS.TOGGLE_FINISHED' })}
            />
            <label htmlFor="calendar-show-finished">
              <Trans>Show finished days</Trans>
            </label>
          </div>
          {shown.length === 0 ? (
            <p className="empty-state muted">
              <Trans>Every day of this stage is done.</Trans>
            </p>
          ) : (
            <ol className="calendar-days">
              {shown.map(({ day, view, optional }) => (
                <CalendarDayItem
                  key={day.id}
                  day={day}
                  view={view}
                  streamId={stream.id}
                  now={now}
                  optional={optional}
                />
              ))}
            </ol>
          )}
        </Tabs>
      )}
      {versionModal && (
        <VersionUpdateDialog
          onClose={() => actor.send({ type: 'VERSION_MODAL.CLOSE' })}
          focusOnClose={focusAfterVersionDialog}
        />
      )}
    </section>
  );
}

/**
 * The course's title, access, progress and actions. Freezing waits for the calendar to be ready:
 * until then the buttons are there (nothing moves when they become usable) but disabled.
 */
function CalendarHeader({
  actor,
  stream,
  course,
  now,
  timeZone,
}: {
  actor: Calendar;
  stream: CourseStream;
  course: Course;
  now: number;
  timeZone: string | null;
}) {
  const { t } = useLingui();
  const ready = useSelector(actor, (snapshot) => snapshot.matches('ready'));
  const dialog = useSelector(actor, (snapshot) => snapshot.context.dialog);
  const freezeAction = freezeActionOf(stream, now, timeZone);
  return (
    <header className="calendar__header panel">
      <p className="calendar__eyebrow muted">
        <Trans>Course calendar</Trans>
      </p>
      <h1 id={TITLE_ID} tabIndex={-1}>
        {course.title}
      </h1>
      <AccessLine stream={stream} now={now} id={ACCESS_LINE_ID} tabIndex={-1} role="status" />
      <PlannedFreezeLine stream={stream} />
      <ProgressBar value={stream.progress.progress} label={t`Course progress`} />
      <div className="calendar__actions">
        {freezeAction && (
          // One button for both actions: when its dialog freezes or unfreezes the course, the same
          // element takes the other action's words, and the dialog gives the focus back to it.
          <Button
            id={FREEZE_CONTROL_ID}
            variant="secondary"
            disabled={!ready}
            aria-haspopup="dialog"
            aria-expanded={dialog === freezeAction}
            // The freeze dialog's date fields load as the learner reaches for its button (a pointer
            // over it, the focus on it), not with the calendar: their library's evaluation would
            // hold the page just while it first draws.
            onPointerEnter={freezeAction === 'freeze' ? preloadDatePickerField : undefined}
            onFocus={freezeAction === 'freeze' ? preloadDatePickerField : undefined}
            onClick={() => actor.send({ type: freezeAction === 'freeze' ? 'FREEZE.OPEN' : 'UNFREEZE.OPEN' })}
          >
            {freezeAction === 'freeze' ? (
              <Trans>Freeze the course</Trans>
            ) : plannedFreeze(stream) ? (
              <Trans>Cancel the planned freeze</Trans>
            ) : (
              <Trans>Unfreeze the course</Trans>
            )}
          </Button>
        )}
        <Link
          className="btn btn--link"
          to="/course/$streamId/materials"
          params={{ streamId: String(stream.id) }}
        >
          <Trans>Materials</Trans>
        </Link>
      </div>
    </header>
  );
}

function BackToMyCourses() {
  return (
    <BackLink className="calendar__back" to="/courses">
      <Trans>Back to my courses</Trans>
    </BackLink>
  );
}
