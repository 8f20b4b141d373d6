import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent/consent.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Button } from '../../ui/Button';
import { consent } from './consent.provide';
import { CookieSettingsDialog } from './lazyCookieSettings';

type ConsentActor = ActorRefFrom<typeof consentMachine>;

/** The cookie banner, started once on a page where no choice is stored (consentLink.ts). */
export function ConsentBanner({ cookiePolicyLink }: { cookiePolicyLink?: string }) {
  const actor = useActorRef(useProvided(consent), { inspect: recordTransitions });
  return <ConsentBannerView actor={actor} cookiePolicyLink={cookiePolicyLink} />;
}

/**
 * Shell spec, section 2 "Cookie banner": title, agreement text, the brand's policy link, and
 * buttons to dismiss (essential only), open the settings and agree to all. A region at the bottom of
 * the page, not a modal: the page stays usable while it shows. The settings open as a modal dialog.
 */
export function ConsentBannerView({
  actor,
  cookiePolicyLink,
}: {
  actor: ConsentActor;
  cookiePolicyLink?: string;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const undecided = useSelector(
    actor,
    (snapshot) => snapshot.matches('unset') || (snapshot.matches('editing') && !snapshot.context.chosen),
  );
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing'));
  if (!undecided) return null;
  return (
    <section className="consent-banner" aria-labelledby={titleId} tabIndex={-1}>
      <div className="consent-banner__inner">
        <h2 id={titleId} className="consent-banner__title">
          {t`We use cookies`}
        </h2>
        <p className="consent-banner__text">
          {t`Essential cookies keep the site working. With your agreement we also use analytics cookies to improve the site and marketing cookies to measure our advertising.`}{' '}
          {cookiePolicyLink && (
            <a href={cookiePolicyLink} target="_blank" rel="noopener noreferrer">
              {t`Cookie policy`}
            </a>
          )}
        </p>
        <div className="consent-banner__actions">
          <Button variant="secondary" onClick={() => actor.send({ type: 'CONSENT.DISMISS' })}>
            {t`Essential only`}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'CONSENT.OPEN_SETTINGS' })}>
            {t`Settings`}
          </Button>
          <Button onClick={() => actor.send({ type: 'CONSENT.ACCEPT_ALL' })}>{t`Agree to all`}</Button>
        </div>
      </div>
      {editing && (
        <Suspense fallback={null}>
          <CookieSettingsDialog actor={actor} />
        </Suspense>
      )}
    </section>
  );
}
