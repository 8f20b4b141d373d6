import { Trans } from '@lingui/react/macro';
import { useEffect, useEffectEvent } from 'react';
import { watchConnectivity } from '../platform/connectivity';
import { Button } from './Button';
import { Notice } from './Notice';

/**
 * A screen's load error (content spec, section 8): its text, the reason when there is one, and a
 * retry, which also runs by itself when the browser's network comes back: a learner who lost it
 * need not guess that the screen will not load again on its own.
 */
export function LoadFailed({
  text,
  detail,
  onRetry,
}: {
  text: string;
  detail?: string;
  onRetry: () => void;
}) {
  const retryOnline = useEffectEvent((online: boolean) => {
    if (online) onRetry();
  });
  // Only a return of the network retries: the state it reports at start is not a change.
  useEffect(() => {
    let started = false;
    const stop = watchConnectivity((online) => started && retryOnline(online));
    started = true;
    return stop;
  }, []);
  return (
    <div className="load-failed">
      <Notice>{detail ? `${text} ${detail}` : text}</Notice>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** A screen's loading state, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="loading-state" role="status">
      <span className="preloader__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
