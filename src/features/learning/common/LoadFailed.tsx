import { Trans } from '@lingui/react/macro';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';

/** A load error of the learning screens (content spec, section 8): its text and a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="load-failed">
      <Notice>{text}</Notice>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** The area's loading state, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="learning-loading" role="status">
      <span className="preloader__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
