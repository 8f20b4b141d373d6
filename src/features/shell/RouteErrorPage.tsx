import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from '../../domain/chunkLoad';
import { reloadPage } from '../../platform/navigation';
import { Button } from '../../ui/Button';

/**
 * What a page that failed shows instead of a blank screen. A chunk that did not load (shell spec,
 * section 8) usually means a new version was deployed under this open tab: reloading brings it. This
 * page is in the entry chunk, since it must show when chunks do not load.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  if (isChunkLoadError(error))
    return (
      <main className="page-state">
        <h1>
          <Trans>A new version of the app is available</Trans>
        </h1>
        <p>
          <Trans>Reload the page to continue.</Trans>
        </p>
        <Button onClick={reloadPage}>
          <Trans>Reload</Trans>
        </Button>
      </main>
    );
  return (
    <main className="page-state">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <Button onClick={reset}>
        <Trans>Try again</Trans>
      </Button>
    </main>
  );
}
