import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { languageChangeMachine } from '../../../machines/account/languageChange.machine';
import { useBrand, useLanguage, useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { LanguageSelect } from '../../ui/LanguageSelect';
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
  return <SettingsView actor={actor} />;
}

export function SettingsView({ actor }: { actor: ActorRefFrom<typeof languageChangeMachine> }) {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const changed = useSearch({ strict: false, select: (search) => search.changed });
  const languages = useSelector(actor, (snapshot) => snapshot.context.supported);
  const shown = useSelector(actor, (snapshot) => snapshot.context.chosen ?? snapshot.context.current);
  const refused = useSelector(actor, (snapshot) => snapshot.context.refused);
  const asking = useSelector(actor, (snapshot) => !snapshot.matches('idle'));
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
            <Trans>Change password</Trans>
          </Link>
        </li>
        {useBrand().flags.isCookieEnable && (
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
            <Trans>Notifications and reminders</Trans>
          </Link>
        </li>
        {languages.length > 1 && (
          <li className="settings__item">
            <LanguageSelect
              languages={languages}
              value={shown}
              onChange={(language) => actor.send({ type: 'LANGUAGE.CHOOSE', language })}
            />
          </li>
        )}
      </ul>
      {asking && <LanguageChangeDialog actor={actor} />}
    </section>
  );
}
