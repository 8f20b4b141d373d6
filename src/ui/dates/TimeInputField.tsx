import { useLingui } from '@lingui/react/macro';
import { DateInput, DateSegment, I18nProvider, Label, TimeField } from 'react-aria-components';
import { fieldLocale } from './fieldLocale';
import { timeKeyOf, timeOf } from './wireValues';
import './dates.css';

type TimeInputFieldProps = {
  label: string;
  /** "HH:MM", or "" while no whole time is entered. */
  value: string;
  onValueChange: (value: string) => void;
  /** The id of the text that explains why the value is wrong, while it is. */
  errorId?: string;
  labelClassName?: string;
  disabled?: boolean;
  required?: boolean;
};

/**
 * A time of day typed segment by segment (digits or arrow keys), with the interface language's
 * clock (24-hour in Russian and Spanish), not the browser's as a native time input would have.
 */
export function TimeInputField({
  label,
  value,
  onValueChange,
  errorId,
  labelClassName,
  disabled,
  required,
}: TimeInputFieldProps) {
  const { i18n } = useLingui();
  return (
    <I18nProvider locale={fieldLocale(i18n.locale)}>
      <TimeField
        className="time-field"
        value={timeOf(value)}
        onChange={(time) => onValueChange(timeKeyOf(time))}
        isInvalid={errorId !== undefined}
        aria-describedby={errorId}
        validationBehavior="aria"
        // "09:00", as a 24-hour clock reads (and as the date field writes its day and month).
        shouldForceLeadingZeros
        isDisabled={disabled}
        isRequired={required}
      >
        <Label className={labelClassName}>{label}</Label>
        <DateInput className="field__input date-field date-field__segments">
          {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
        </DateInput>
      </TimeField>
    </I18nProvider>
  );
}
