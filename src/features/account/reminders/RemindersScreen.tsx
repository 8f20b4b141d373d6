import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { remindersMachine } from '../../../../machines/account/reminders.machine';
import { useBrand, useProvided } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { offersReminders, reminderId } from '../../../domain/reminders';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { RemindersNotOffered } from './RemindersNotOffered';
import { reminders as providedReminders } from './reminders.provide';
import { repeatText } from './reminderText';
import '../account.css';

/** /user/settings/reminders: every reminder ("08:30 · Weekdays"), each opening its edit page, and Add. */
export function RemindersScreen() {
  const actor = useActorRef(useProvided(providedReminders), {
    input: { offered: offersReminders(useBrand()) },
    inspect: recordTransitions,
  });
  return <RemindersView actor={actor} />;
}

export function RemindersView({ actor }: { actor: ActorRefFrom<typeof remindersMachine> }) {
  const { t } = useLingui();
  const notOffered = useSelector(actor, (state) => state.matches('notOffered'));
  useDocumentTitle(t`Reminders`);
  return (
    <section className="card card--wide reminders" aria-labelledby="reminders-title">
      <h1 id="reminders-title">
        <Trans>Reminders</Trans>
      </h1>
      {notOffered ? <RemindersNotOffered /> : <RemindersList actor={actor} />}
    </section>
  );
}

function RemindersList({ actor }: { actor: ActorRefFrom<typeof remindersMachine> }) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const list = snapshot.context.reminders;
  return (
    <>
      <p className="settings__note">
        <Trans>
          Reminders come as notifications at your time, on the devices where you turned notifications on.
        </Trans>
      </p>
      {snapshot.matches('loading') && <Loading label={t`Loading your reminders…`} />}
      {snapshot.matches('failed') && (
        <LoadFailed
          text={t`Failed to load your reminders.`}
          detail={snapshot.context.error?.message}
          onRetry={() => actor.send({ type: 'REMINDERS.RETRY' })}
        />
      )}
      {snapshot.matches('loaded') &&
        (list.length === 0 ? (
          <p className="reminders__empty">
            <Trans>No reminders yet. Add one to be reminded to learn at a time that suits you.</Trans>
          </p>
        ) : (
          <ul className="reminders__list">
            {list.map((reminder) => (
              <li key={reminder.time}>
                <Link
                  className="reminders__item"
                  to="/user/settings/reminders/$id"
                  params={{ id: reminderId(reminder.time) }}
                >
                  <span className="reminders__time">{reminder.time}</span>
                  <span aria-hidden="true"> · </span>
                  <span className="reminders__repeat">{repeatText(i18n, reminder.days)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      <p className="reminders__actions">
        {snapshot.matches('loaded') && (
          <Link className="btn btn--primary" to="/user/settings/reminders/new">
            <span className="btn__label">
              <Trans>Add reminder</Trans>
            </span>
          </Link>
        )}
        <Link to="/user/settings/notifications">
          <Trans>Notification settings</Trans>
        </Link>
      </p>
    </>
  );
}
