import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../../brands';
import type { languageChangeMachine } from '../../../machines/account/languageChange.machine';
import { useBrand, useLanguage, useProvided, useSession } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { offersReminders } from '../../domain/reminders';
import { Button } from '../../ui/Button';
import { LANGUAGE_NAMES } from '../../ui/LanguageSelect';
import { Notice } from '../../ui/Notice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { LanguageChangeDialog } from './LanguageChangeDialog';
import { languageChange } from './languageChange.provide';
import { PASSWORD_CHANGED } from './settingsNotice';
import './account.css';

/** /user/settings: the password change and the interface language (confirmed in a dialog). */
export function SettingsScreen() {
  const { language, languages } = useLanguage();
  const fallback = useBrand().assets.defaultLanguage;
  const current = languages.find((supported) => supported === language) ?? fallback;
  const actor = useActorRef(useProvided(languageChange), {
    input: { current, supported: languages },
    inspect: recordTransitions,
  });
  useEffect(() => actor.send({ type: 'LANGUAGE.IN_USE', language: current }), [actor, current]);
  return <SettingsView actor={actor} />;
}

type LanguageChangeActor = ActorRefFrom<typeof languageChangeMachine>;

export function SettingsView({ actor }: { actor: LanguageChangeActor }) {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const changed = useSearch({ strict: false, select: (search) => search.changed });
  const languages = useSelector(actor, (snapshot) => snapshot.context.supported);
  const refused = useSelector(actor, (snapshot) => snapshot.context.refused);
  const asking = useSelector(actor, (snapshot) => !snapshot.matches('idle'));
  const brand = useBrand();
  // An account made with a social network has no password to change: it sets its first.
  const hasPassword = useSession((snapshot) => snapshot.context.user?.hasPassword ?? true);
  return (
    <section className="card card--wide settings">
      <h1>
        <Trans>Settings</Trans>
      </h1>
      <Notice tone={refused ? 'error' : 'success'}>
        {refused
          ? t`This language is not available.`
          : changed === PASSWORD_CHANGED &&
            t`Your password has been changed. Your other devices are signed out.`}
      </Notice>
      <ul className="settings__list">
        <li className="settings__item">
          <span className="settings__label">
            <Trans>Password</Trans>
          </span>
          <Link to="/user/settings/password" className="settings__action">
            {hasPassword ? <Trans>Change password</Trans> : <Trans>Set a password</Trans>}
          </Link>
        </li>
        {brand.flags.isCookieEnable && (
          <li className="settings__item">
            <span className="settings__label">
              <Trans>Cookies</Trans>
            </span>
            <Link to="/user/settings/cookie" className="settings__action">
              <Trans>Cookie settings</Trans>
            </Link>
          </li>
        )}
        <li className="settings__item">
          <span className="settings__label">
            <Trans>Notifications</Trans>
          </span>
          <Link to="/user/settings/notifications" className="settings__action">
            {offersReminders(brand) ? (
              <Trans>Notifications and reminders</Trans>
            ) : (
              <Trans>Notification settings</Trans>
            )}
          </Link>
        </li>
        {languages.length > 1 && (
          <li className="settings__item">
            <LanguageChoice actor={actor} languages={languages} />
          </li>
        )}
      </ul>
      {asking && <LanguageChangeDialog actor={actor} />}
    </section>
  );
}

/**
 * The interface language as one button per language, the one in use pressed. A select would not do
 * here: its arrow keys choose as they move, and each choice opens the confirmation dialog, so a
 * keyboard user could not pass a language by. A button chooses only when pressed.
 */
function LanguageChoice({
  actor,
  languages,
}: {
  actor: LanguageChangeActor;
  languages: readonly Language[];
}) {
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  return (
    <fieldset className="settings__language-choice">
      <legend className="settings__label">
        <Trans>Language</Trans>
      </legend>
      <div className="settings__languages">
        {languages.map((language) => (
          <Button
            key={language}
            variant="secondary"
            className="settings__language"
            lang={language}
            aria-pressed={language === current}
            onClick={() => actor.send({ type: 'LANGUAGE.CHOOSE', language })}
          >
            {LANGUAGE_NAMES[language]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
