import { Trans } from '@lingui/react/macro';
import { requestRetry } from '../platform/retryRequests';
import { Button } from './Button';
import { Notice } from './Notice';

/**
 * A screen's load error (content spec, section 8): its text, the reason when there is one, and a
 * retry. The retry the network's return makes by itself belongs to the screen's machine
 * (`loadFailedState` in machines/common/networkReturn.ts), which takes it as this button's. The
 * button also asks every other failed load of the screen again (`requestRetry`), once its own
 * screen has taken its retry.
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
  return (
    <div className="load-failed">
      <Notice>{detail ? `${text} ${detail}` : text}</Notice>
      <Button
        variant="secondary"
        onClick={() => {
          onRetry();
          requestRetry();
        }}
      >
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
