import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useApp, useAppActor } from '../../app/hooks';
import { withAreaCatalog } from '../../app/i18n';
import { loadChunk } from '../../platform/chunkLoad';
import { Preloader } from '../../ui/Preloader';
import type { AppUpdateActor } from './UpdatePrompt';

// Only accounts without an e-mail ever see the prompt: it loads on demand, not with the sign-in page,
// and with the texts of the pages beyond sign-in (it may show before the frame has loaded them).
const EmailPromptDialog = lazy(() =>
  loadChunk(withAreaCatalog('pages', () => import('../account/EmailPromptDialog'))),
);
// The new-version prompt loads when a new version waits.
const UpdatePrompt = lazy(() => loadChunk(() => import('./UpdatePrompt')));

/**
 * Frame around every page: the offline banner, the new-version prompt, and the e-mail prompt over a
 * page that needs one.
 */
export function RootFrame() {
  const { t } = useLingui();
  const offline = useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));
  const updates: AppUpdateActor | undefined = useAppActor().system.get('appUpdate');
  const updateWaiting = useSelector(
    updates,
    (snapshot) => snapshot?.matches('available') || snapshot?.matches('applying'),
  );
  const guard = useRouteContext({ from: '__root__', select: (context) => context.guard });
  const promptingEmail = useSelector(guard, (snapshot) => snapshot.matches('promptingEmail'));
  return (
    <>
      {offline && (
        <div className="offline-banner" role="status">
          <Trans>You are offline</Trans>
        </div>
      )}
      <Outlet />
      {updates && updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt updates={updates} />
        </Suspense>
      )}
      {promptingEmail && (
        <Suspense fallback={<Preloader label={t`Loading…`} />}>
          <EmailPromptDialog />
        </Suspense>
      )}
    </>
  );
}
