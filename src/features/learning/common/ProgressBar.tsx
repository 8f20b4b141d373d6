import { Trans, useLingui } from '@lingui/react/macro';
import { formatPercent } from '../../../ui/formatPercent';

/** A stream's progress (0..100) as a labelled bar with its percentage written out. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const { i18n } = useLingui();
  const done = formatPercent(value, i18n.locale);
  return (
    <div className="progress">
      <progress className="progress__bar" max={100} value={value} aria-label={label} />
      <span className="progress__value">
        <Trans>{done} done</Trans>
      </span>
    </div>
  );
}
