import { Trans } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { useApp } from '../../app/hooks';

/** Frame around every page: the offline banner. */
export function RootFrame() {
  const offline = useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));
  return (
    <>
      {offline && (
        <div className="offline-banner" role="status">
          <Trans>You are offline</Trans>
        </div>
      )}
      <Outlet />
    </>
  );
}
