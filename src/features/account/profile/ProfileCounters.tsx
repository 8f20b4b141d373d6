import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { profileEditMachine } from '../../../../machines/account/profileEdit.machine';
import { Button } from '../../../ui/Button';

/** The counters the profile shows: learning progress and points (referral counters are not shown). */
const SHOWN = ['viewedHours', 'viewedLessons', 'completedCourses', 'completedTasks', 'scoresAmount'] as const;

/** The learner's counters (GET /user?expand=statistics), with their loading and failure states. */
export function ProfileCounters({ actor }: { actor: ActorRefFrom<typeof profileEditMachine> }) {
  const { t, i18n } = useLingui();
  const counters = useSelector(actor, (snapshot) => snapshot.context.counters);
  const loading = useSelector(actor, (snapshot) => snapshot.matches({ counters: 'loading' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ counters: 'failed' }));
  const labels: Record<(typeof SHOWN)[number], string> = {
    viewedHours: t`Hours of lessons watched`,
    viewedLessons: t`Lessons watched`,
    completedCourses: t`Courses completed`,
    completedTasks: t`Tasks completed`,
    scoresAmount: t`Points`,
  };
  if (loading) {
    // The counters' own grid with their labels, values to come: the form below stays where it is
    // when they arrive (no layout shift).
    return (
      <>
        <p className="visually-hidden" role="status">
          <Trans>Loading your progress…</Trans>
        </p>
        <CounterGrid labels={labels} label={t`Your progress`} value={() => null} />
      </>
    );
  }
  if (failed || !counters) {
    return (
      <p className="profile__counters-state" role="alert">
        <Trans>Failed to load your progress.</Trans>{' '}
        <Button variant="link" onClick={() => actor.send({ type: 'COUNTERS.RETRY' })}>
          <Trans>Try again</Trans>
        </Button>
      </p>
    );
  }
  return (
    <CounterGrid
      labels={labels}
      label={t`Your progress`}
      value={(key) => i18n.number(counters[key], { maximumFractionDigits: 1 })}
    />
  );
}

/** The counters' grid; a null value (still loading) shows a dash that screen readers skip. */
function CounterGrid({
  labels,
  label,
  value,
}: {
  labels: Record<(typeof SHOWN)[number], string>;
  label: string;
  value: (key: (typeof SHOWN)[number]) => string | null;
}) {
  const values = SHOWN.map((key) => value(key));
  return (
    <dl className="profile__counters" aria-label={label} aria-busy={values.includes(null) || undefined}>
      {SHOWN.map((key, index) => (
        <div key={key} className="profile__counter">
          <dt>{labels[key]}</dt>
          {values[index] === null ? <dd aria-hidden="true">–</dd> : <dd>{values[index]}</dd>}
        </div>
      ))}
    </dl>
  );
}
