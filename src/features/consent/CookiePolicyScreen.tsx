import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent/consent.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Button } from '../../ui/Button';
import { Loading } from '../../ui/LoadFailed';
import { ResultNotice } from '../../ui/ResultNotice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CookieToggles } from './CookieToggles';
import { consent } from './consent.provide';

/** /user/settings/cookie (settingsCookiePolicy): the banner's choices as a page, to change them later. */
export function CookiePolicyScreen() {
  const actor = useActorRef(useProvided(consent), { inspect: recordTransitions });
  return <CookiePolicyView actor={actor} />;
}

export function CookiePolicyView({ actor }: { actor: ActorRefFrom<typeof consentMachine> }) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t`Cookie settings`);
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const allowedAll = useSelector(actor, (snapshot) => snapshot.matches('allowedAll'));
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing'));
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ chosen: 'saving' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ chosen: 'failed' }));
  const confirmed = useSelector(actor, (snapshot) => snapshot.context.confirmed);
  const shown = useSelector(actor, (snapshot) =>
    snapshot.matches('editing') ? snapshot.context.draft : snapshot.context.policy,
  );
  return (
    <section className="card card--wide cookie-policy">
      <h1 ref={heading} tabIndex={-1}>
        {t`Cookie settings`}
      </h1>
      {loading ? (
        <Loading label={t`Loading your cookie settings…`} />
      ) : allowedAll ? (
        <p>{t`This site does not ask for cookie consent: every category is allowed.`}</p>
      ) : (
        <>
          {/* Saving leaves nothing to save: the Save button turns disabled and Cancel goes, so the
              outcome takes the focus they had. */}
          <ResultNotice tone={failed ? 'error' : 'success'}>
            {failed
              ? t`Your choice is kept in this browser, but it could not be saved to your account.`
              : confirmed && t`Your choice is saved.`}
          </ResultNotice>
          <CookieToggles
            policy={shown}
            disabled={saving}
            onToggle={(category) => actor.send({ type: 'CONSENT.TOGGLE', category })}
          />
          <div className="cookie-policy__actions">
            {failed && (
              <Button variant="secondary" onClick={() => actor.send({ type: 'CONSENT.RETRY' })}>
                {t`Try again`}
              </Button>
            )}
            {editing && (
              <Button
                variant="secondary"
                onClick={() => {
                  actor.send({ type: 'CONSENT.CANCEL' });
                  // Cancel goes with the edit and Save turns disabled, which would drop the focus to
                  // the body: the heading (tabindex -1: focusable by script, no tab stop) keeps the
                  // user at the start of the restored choices.
                  heading.current?.focus();
                }}
              >
                {t`Cancel`}
              </Button>
            )}
            <Button
              busy={saving}
              disabled={!editing && !saving}
              onClick={() => actor.send({ type: 'CONSENT.SAVE' })}
            >
              {t`Save my choices`}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
