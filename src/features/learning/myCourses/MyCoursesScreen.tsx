import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { myCoursesMachine } from '../../../../machines/learning/myCourses.machine';
import { useApp, useBrand, useProvided } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { isInTab, MY_COURSES_TABS, type MyCoursesTab } from '../../../domain/learning/myCoursesTabs';
import { asTabbedStream } from '../../../domain/learning/stream';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import '../common/learning.css';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { DownloadedLessonsLink } from '../../offline/DownloadedLessonsLink';
import { Tabs } from '../common/Tabs';
import { chosenTabOfThisPage, myCourses } from '../myCourses.provide';
import { StreamCard } from './StreamCard';

/**
 * My courses (/home, /courses): the learner's streams in the tabs current, active and ended. While
 * the app enrols a newcomer in the demo (shell spec, section 4, "Data load state") the streams read
 * now would miss the new one: the page says it is loading, and reads them once the enrolment ended.
 */
export function MyCoursesScreen() {
  const { t } = useLingui();
  const enrollingInDemo = useApp(
    (snapshot) =>
      snapshot.matches({ data: 'enrollingInDemo' }) ||
      snapshot.matches({ data: 'fetchingDemoService' }) ||
      snapshot.matches({ data: 'reloadingAfterDemo' }),
  );
  if (enrollingInDemo) {
    return (
      <section className="learning my-courses" aria-labelledby="my-courses-title">
        <h1 id="my-courses-title">{t`My courses`}</h1>
        <Loading label={t`Loading your courses…`} />
      </section>
    );
  }
  return <MyCoursesLoader />;
}

/** The page's own lifecycle, started anew after a demo enrolment. */
function MyCoursesLoader() {
  const { isDemoAccessible } = useBrand().flags;
  const actor = useActorRef(useProvided(myCourses), {
    input: { isDemoAccessible, chosenTab: chosenTabOfThisPage() },
    inspect: recordTransitions,
  });
  return <MyCoursesView actor={actor} />;
}

const TAB_LABELS: Record<MyCoursesTab, MessageDescriptor> = {
  current: msg`Current`,
  active: msg`Active`,
  ended: msg`Ended`,
};

const EMPTY_TEXTS: Record<MyCoursesTab, MessageDescriptor> = {
  current: msg`No courses in progress right now.`,
  active: msg`You have no active courses.`,
  ended: msg`You have no ended courses.`,
};

export function MyCoursesView({ actor }: { actor: ActorRefFrom<typeof myCoursesMachine> }) {
  const { t, i18n } = useLingui();
  const title = t`My courses`;
  useDocumentTitle(title);
  const state = useSelector(actor, (snapshot) =>
    snapshot.matches('loaded') ? 'loaded' : snapshot.matches('failed') ? 'failed' : 'loading',
  );
  const { tab, streams, courses } = useSelector(actor, (snapshot) => snapshot.context);
  const now = Date.now();
  const shown = streams.filter((stream) => isInTab(tab, asTabbedStream(stream)));
  return (
    <section className="learning my-courses" aria-labelledby="my-courses-title">
      <h1 id="my-courses-title">{title}</h1>
      {state === 'loading' && <Loading label={t`Loading your courses…`} />}
      {state === 'failed' && (
        <>
          <LoadFailed
            text={t`Could not load your courses. Check the connection and try again.`}
            onRetry={() => actor.send({ type: 'COURSES.RETRY' })}
          />
          <DownloadedLessonsLink inPage />
        </>
      )}
      {state === 'loaded' && (
        <Tabs
          label={t`Course lists`}
          tabs={MY_COURSES_TABS.map((key) => ({ key, label: i18n._(TAB_LABELS[key]) }))}
          selected={tab}
          onSelect={(key) => actor.send({ type: 'TAB.SELECT', tab: key })}
        >
          {shown.length === 0 ? (
            <p className="empty-state muted">{i18n._(EMPTY_TEXTS[tab])}</p>
          ) : (
            <ul className="stream-list">
              {shown.map((stream) => (
                <li key={stream.id}>
                  <StreamCard
                    stream={stream}
                    course={courses.find((course) => course.id === stream.courseId)}
                    now={now}
                  />
                </li>
              ))}
            </ul>
          )}
        </Tabs>
      )}
      {state === 'loaded' && streams.length === 0 && (
        <p className="muted">
          <Trans>Courses you join will appear here.</Trans>
        </p>
      )}
    </section>
  );
}
