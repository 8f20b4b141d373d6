import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type {
  notificationSettingsMachine,
  PushState,
} from '../../../../machines/account/notificationSettings.machine';
import { useBrand, useProvided, useSession } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { offersReminders } from '../../../domain/reminders';
import { Button } from '../../../ui/Button';
import { formErrorText } from '../../../ui/formText';
import { Notice } from '../../../ui/Notice';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { BackLink } from '../../shell/BackLink';
import { notificationSettings } from './notificationSettings.provide';
import '../account.css';

/**
 * /user/settings/notifications: notifications on or off, push on this device, and the reminders
 * (where the brand offers them).
 */
export function NotificationSettingsScreen() {
  const disabled = useSession((snapshot) => snapshot.context.user?.disableNotification ?? false);
  const pushOffered = useBrand().flags.isPushSupport;
  const actor = useActorRef(useProvided(notificationSettings), {
    input: { disabled, pushOffered },
    inspect: recordTransitions,
  });
  return <NotificationSettingsView actor={actor} />;
}

export function NotificationSettingsView({
  actor,
}: {
  actor: ActorRefFrom<typeof notificationSettingsMachine>;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ switch: 'saving' }));
  const remindersOffered = offersReminders(useBrand());
  useDocumentTitle(t`Notifications`);
  return (
    <section className="card card--wide settings" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        <Trans>Notifications</Trans>
      </h1>
      <Notice>{formErrorText(i18n, context.switchError)}</Notice>
      <ul className="settings__list">
        <li className="settings__item">
          <div className="notifications__text">
            <label htmlFor={`${id}-switch`} className="settings__label">
              <Trans>Notifications</Trans>
            </label>
            <p id={`${id}-switch-note`} className="settings__note">
              {remindersOffered ? (
                <Trans>Reminders and news from your school.</Trans>
              ) : (
                <Trans>News from your school.</Trans>
              )}
            </p>
          </div>
          <input
            id={`${id}-switch`}
            type="checkbox"
            role="switch"
            className="notifications__switch"
            aria-describedby={`${id}-switch-note`}
            aria-checked={!context.disabled}
            aria-busy={saving || undefined}
            checked={!context.disabled}
            disabled={saving}
            onChange={() => actor.send({ type: 'NOTIFICATIONS.TOGGLE' })}
          />
        </li>
        <PushItem actor={actor} />
        {remindersOffered && (
          <li className="settings__item">
            <span className="settings__label">
              <Trans>Reminders</Trans>
            </span>
            <Link to="/user/settings/reminders" className="settings__action">
              <Trans>Set up reminders</Trans>
            </Link>
          </li>
        )}
      </ul>
      <p className="card__links">
        <BackLink to="/user/settings">
          <Trans>Back to settings</Trans>
        </BackLink>
      </p>
    </section>
  );
}

function PushItem({ actor }: { actor: ActorRefFrom<typeof notificationSettingsMachine> }) {
  const { t, i18n } = useLingui();
  const pushState = useSelector(actor, (snapshot) => snapshot.context.pushState);
  const pushError = useSelector(actor, (snapshot) => snapshot.context.pushError);
  const offered = useSelector(actor, (snapshot) => !snapshot.matches({ push: 'notOffered' }));
  const checking = useSelector(
    actor,
    (snapshot) => snapshot.matches({ push: 'checking' }) || snapshot.matches({ push: 'start' }),
  );
  const enabling = useSelector(actor, (snapshot) => snapshot.matches({ push: 'enabling' }));
  if (!offered) return null;
  const states: Record<PushState, string> = {
    unsupported: t`This browser cannot show notifications.`,
    blocked: t`Blocked in this browser. Allow notifications for this site in the browser's settings.`,
    off: t`Off on this device.`,
    on: t`On for this device.`,
  };
  return (
    <li className="settings__item">
      <div className="notifications__text">
        <span className="settings__label">
          <Trans>Push notifications</Trans>
        </span>
        <p className="settings__note" role="status">
          {checking ? t`Checking this device…` : states[pushState]}
        </p>
        <Notice>{formErrorText(i18n, pushError)}</Notice>
      </div>
      {!checking && pushState === 'off' && (
        <Button variant="secondary" busy={enabling} onClick={() => actor.send({ type: 'PUSH.ENABLE' })}>
          <Trans>Turn on</Trans>
        </Button>
      )}
    </li>
  );
}
