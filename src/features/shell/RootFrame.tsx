import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useApp } from '../../app/hooks';
import { routeGuardActor } from '../../app/runtime';
import { Preloader } from '../../ui/Preloader';

// Only accounts without an e-mail ever see the prompt: it loads on demand, not with the sign-in page.
const EmailPromptDialog = lazy(() => import('../profile/EmailPromptDialog'));

/** Frame around every page: the offline banner, and the e-mail prompt over a page that needs one. */
export function RootFrame() {
  const { t } = useLingui();
  const offline = useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));
  const promptingEmail = useSelector(routeGuardActor(), (snapshot) => snapshot.matches('promptingEmail'));
  return (
    <>
      {offline && (
        <div className="offline-banner" role="status">
          <Trans>You are offline</Trans>
        </div>
      )}
      <Outlet />
      {promptingEmail && (
        <Suspense fallback={<Preloader label={t`Loading…`} />}>
          <EmailPromptDialog />
        </Suspense>
      )}
    </>
  );
}
