import { Trans } from '@lingui/react/macro';

/** A stream's progress (0..100) as a labelled bar with its percentage written out. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div className="progress">
      <progress className="progress__bar" max={100} value={value} aria-label={label} />
      <span className="progress__value">
        <Trans>{value}% done</Trans>
      </span>
    </div>
  );
}
