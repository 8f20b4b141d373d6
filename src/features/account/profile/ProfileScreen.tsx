import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ProfileEditField, profileEditMachine } from '../../../../machines/account/profileEdit.machine';
import { useProvided, useSession } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import type { User } from '../../../domain/user';
import { afterNextPaint } from '../../../platform/afterNextPaint';
import { Button } from '../../../ui/Button';
import { formErrorText } from '../../../ui/formText';
import { Notice } from '../../../ui/Notice';
import { PROFILE_FIELD_WORDING } from '../../../ui/profileFieldErrorTexts';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useMachineForm } from '../../../ui/useMachineForm';
import { ProfileFields } from '../ProfileFields';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileCounters } from './ProfileCounters';
import { profileEdit } from './profileEdit.provide';
import {
  buildTimeZoneOptions,
  loadZoneCities,
  type TimeZoneOption,
  timeZoneOption,
  type ZoneCities,
} from './timeZoneOptions';
import '../account.css';

/** /user/edit: the photo, the counters and the whole profile form. */
export function ProfileScreen() {
  const { t } = useLingui();
  const title = t`My profile`;
  useDocumentTitle(title);
  const user = useSession((snapshot) => snapshot.context.user);
  if (!user) return null;
  return (
    <section className="profile card card--wide">
      <h1>{title}</h1>
      <ProfileAvatar />
      <ProfileEdit user={user} />
    </section>
  );
}

function ProfileEdit({ user }: { user: User }) {
  // The form starts from the user as the page opened: later session updates (the photo) do not reset it.
  const actor = useActorRef(useProvided(profileEdit), { input: { user }, inspect: recordTransitions });
  return <ProfileEditView actor={actor} />;
}

/**
 * The time-zone select's options. It first holds the user's zone alone, and the other four hundred
 * come after the page's first paint and the language's table of cities, named a slice at a time
 * (timeZoneOptions.ts): naming them and laying them out costs a phone tens of milliseconds, which
 * would lengthen the one task that lays the page out. (A deferred value would not split it: the
 * page is drawn in a deferred render, see SignedInLayout, and React does not defer again inside
 * one.) Named once per visit and language: a choice only picks among them. The zone the page
 * opened with joins them when the browser does not list it (UTC), since nothing else could be
 * chosen that it lacks.
 */
function useTimeZones(current: string, locale: string): TimeZoneOption[] {
  const [opened] = useState(current);
  const [all, setAll] = useState<TimeZoneOption[] | null>(null);
  useEffect(() => {
    let stopped = false;
    let stopNaming = () => {};
    // The cities' table (ru, es) loads while the page paints. Without its chunk (offline, a new
    // deploy) the ids' English cities still let the learner choose.
    const cities = loadZoneCities(locale).catch((): ZoneCities => ({}));
    const stopWaiting = afterNextPaint(() => {
      cities.then((table) => {
        if (stopped) return;
        const known = Intl.supportedValuesOf('timeZone');
        const zones = opened && !known.includes(opened) ? [opened, ...known] : known;
        // A transition, so that React renders the options in slices too.
        stopNaming = buildTimeZoneOptions(zones, locale, Date.now(), table, (options) =>
          startTransition(() => setAll(options)),
        );
      });
    });
    return () => {
      stopped = true;
      stopWaiting();
      stopNaming();
    };
  }, [opened, locale]);
  // Named once, not at every render of the form until the list comes (each keystroke renders it).
  const alone = useMemo(
    () => (current ? [timeZoneOption(current, locale, Date.now())] : []),
    [current, locale],
  );
  return all ?? alone;
}

export function ProfileEditView({ actor }: { actor: ActorRefFrom<typeof profileEditMachine> }) {
  const { t, i18n } = useLingui();
  const { context, busy, formProps, field } = useMachineForm<ProfileEditField, typeof actor>(
    actor,
    (snapshot) => snapshot.matches({ form: 'submitting' }),

    PROFILE_FIELD_WORDING,
  );
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved);
  const zones = useTimeZones(context.timezone, i18n.locale);
  const choose = (name: 'timezone' | 'gender') => ({
    value: context[name],
    onChange: (event: { target: { value: string } }) =>
      actor.send({ type: 'FORM.CHANGE', field: name, value: event.target.value }),
  });
  return (
    <>
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <ProfileCounters actor={actor} />
      <h2 className="profile__subtitle">
        <Trans>Personal information</Trans>
      </h2>
      <p className="profile__saved" role="status">
        {saved ? t`Your profile has been saved.` : null}
      </p>
      <form {...formProps} className="form profile__form">
        <ProfileFields field={field} />
        <div className="field">
          <label className="field__label" htmlFor="profile-timezone">
            <Trans>Time zone</Trans>
          </label>
          <select
            id="profile-timezone"
            name="timezone"
            className="field__input profile__timezone"
            {...choose('timezone')}
          >
            {zones.map(({ zone, label }) => (
              <option key={zone} value={zone}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="profile-gender">
            <Trans>Gender</Trans>
          </label>
          <select id="profile-gender" name="gender" className="field__input" {...choose('gender')}>
            <option value="">{t`Not specified`}</option>
            <option value="F">{t`Female`}</option>
            <option value="M">{t`Male`}</option>
          </select>
        </div>
        <Button type="submit" busy={busy} className="btn--block">
          <Trans>Save changes</Trans>
        </Button>
      </form>
    </>
  );
}
