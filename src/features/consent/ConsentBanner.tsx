import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent/consent.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { ConsentBannerMarkup, type ConsentBannerTexts } from './ConsentBannerMarkup';
import { consent } from './consent.provide';
import { CookieSettingsDialog } from './lazyCookieSettings';

type ConsentActor = ActorRefFrom<typeof consentMachine>;

/** The cookie banner, started once on a page where no choice is stored (consentLink.ts). */
export function ConsentBanner({ cookiePolicyLink }: { cookiePolicyLink?: string }) {
  const actor = useActorRef(useProvided(consent), { inspect: recordTransitions });
  return <ConsentBannerView actor={actor} cookiePolicyLink={cookiePolicyLink} />;
}

/** The app's banner: its texts from the consent catalog, its buttons sending to the consent machine. */
export function ConsentBannerView({
  actor,
  cookiePolicyLink,
}: {
  actor: ConsentActor;
  cookiePolicyLink?: string;
}) {
  const { t } = useLingui();
  const undecided = useSelector(
    actor,
    (snapshot) => snapshot.matches('unset') || (snapshot.matches('editing') && !snapshot.context.chosen),
  );
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing'));
  useFocusOnPageWhenGone(undecided);
  if (!undecided) return null;
  const texts: ConsentBannerTexts = [
    t`We use cookies`,
    t`Essential cookies keep the site working. With your agreement we also use analytics cookies to improve the site and marketing cookies to measure our advertising.`,
    t`Cookie policy`,
    t`Essential only`,
    t`Settings`,
    t`Agree to all`,
  ];
  return (
    <ConsentBannerMarkup
      texts={texts}
      cookiePolicyLink={cookiePolicyLink}
      choose={(type) => actor.send({ type })}
    >
      {editing && (
        <Suspense fallback={null}>
          <CookieSettingsDialog actor={actor} />
        </Suspense>
      )}
    </ConsentBannerMarkup>
  );
}

/**
 * The banner's buttons go with it once a choice is made, and a focus on one of them would fall to
 * the body: a keyboard user would start again from the top of the page, and a screen reader would
 * say nothing. The page's heading takes it instead; a focus the learner had put elsewhere stays there.
 * (Written out rather than with ui/focusLost and focusTarget: the banner is on the sign-in page,
 * whose every byte of JS counts.)
 */
function useFocusOnPageWhenGone(shown: boolean) {
  const wasShown = useRef(shown);
  useEffect(() => {
    const active = document.activeElement;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (wasShown.current && !shown && heading && (active === document.body || !active?.isConnected)) {
      heading.tabIndex = -1;
      heading.focus();
    }
    wasShown.current = shown;
  }, [shown]);
}
