import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useApp, useAppActor, useAppStarting, useBrand, useSession } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Logo } from '../../ui/Logo';
import { Preloader } from '../../ui/Preloader';

/**
 * What shows while the app starts (shell spec, section 4 "App start"): the preloader until the
 * config is in and the session is known (and, when signed in, its data has loaded or failed), the
 * config failure dialog (offline: that the learner is offline), and the "not available" page. The router mounts once the session is known
 * and stays mounted while data reloads after a sign-in.
 */
export function BootstrapGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const app = useAppActor();
  const lifecycle = useApp((snapshot) => snapshot.value.lifecycle);
  // A config that failed for want of a network says so (the app tries again once it is back).
  const offline = useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));
  const sessionState = useSession((snapshot) => snapshot.value);
  const sessionKnown = sessionState === 'signedIn' || sessionState === 'signedOut';
  const loading = useAppStarting();
  const { logo, title } = useBrand().assets;

  if (lifecycle === 'configFailed') {
    return (
      <Dialog title={t`Error (Ooops!)`}>
        <p>
          {offline ? <Trans>You are offline</Trans> : <Trans>Failed to load the app configuration</Trans>}
        </p>
        <div className="dialog__actions">
          <Button onClick={() => app.send({ type: 'APP.RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </Dialog>
    );
  }
  if (lifecycle === 'siteUnavailable') {
    return (
      <main className="page-state">
        <h1>
          <Trans>This version of the site is not available</Trans>
        </h1>
      </main>
    );
  }
  return (
    <>
      {loading && <Preloader label={t`Loading…`} logo={<Logo src={logo} title={title} />} />}
      {lifecycle === 'running' && sessionKnown && <div hidden={loading}>{children}</div>}
    </>
  );
}
