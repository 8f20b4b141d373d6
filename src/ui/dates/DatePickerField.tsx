import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { fieldLocale } from './fieldLocale';
import { dayKeyOf, dayOf } from './wireValues';
import './dates.css';

/**
 * The spec writes a day as DD.MM.YYYY in every language, as the rest of the app shows days; the
 * field's locale orders the parts that way, but British English and Spanish put slashes between them.
 */
const DAY_SEPARATOR = '.';

type DatePickerFieldProps = {
  label: string;
  /** "YYYY-MM-DD", or "" while no whole day is entered. */
  value: string;
  onValueChange: (value: string) => void;
  /** The first and last days that can be picked, "YYYY-MM-DD". */
  min?: string;
  max?: string;
  /** Translated error texts; linked to the field with aria-describedby. */
  errors?: readonly string[];
  disabled?: boolean;
  required?: boolean;
};

/**
 * A day typed segment by segment or picked from a calendar, in the interface language's order and
 * month names (not the browser's, as a native date input would be).
 */
export function DatePickerField({
  label,
  value,
  onValueChange,
  min,
  max,
  errors = [],
  disabled,
  required,
}: DatePickerFieldProps) {
  const { i18n } = useLingui();
  const fieldRef = useRef<HTMLDivElement>(null);
  // A modal <dialog> makes the rest of the page inert: a calendar inside one opens inside it.
  const popoverHome = () => fieldRef.current?.closest('dialog') ?? document.body;
  return (
    <I18nProvider locale={fieldLocale(i18n.locale)}>
      <UNSAFE_PortalProvider getContainer={popoverHome}>
        <DatePicker
          ref={fieldRef}
          className="field"
          value={dayOf(value)}
          onChange={(day) => onValueChange(dayKeyOf(day))}
          minValue={dayOf(min ?? '')}
          maxValue={dayOf(max ?? '')}
          isInvalid={errors.length > 0}
          // DD.MM.YYYY as the spec and every other date of the app show it ("05.12.2026", not "5.12.2026").
          shouldForceLeadingZeros
          // The form's machine checks the days and words the errors; the field only shows them.
          validationBehavior="aria"
          isDisabled={disabled}
          isRequired={required}
        >
          <Label className="field__label">{label}</Label>
          <Group className="field__input date-field">
            <DateInput className="date-field__segments">
              {(segment) => (
                <DateSegment
                  segment={segment.type === 'literal' ? { ...segment, text: DAY_SEPARATOR } : segment}
                  className="date-field__segment"
                />
              )}
            </DateInput>
            <Button className="date-field__open">
              <CalendarIcon />
            </Button>
          </Group>
          <FieldError elementType="ul" className="field__errors">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </FieldError>
          <Popover className="date-picker" placement="bottom start">
            <Dialog className="date-picker__dialog">
              <Calendar>
                <header className="date-picker__header">
                  <Button slot="previous" className="date-picker__nav">
                    ‹
                  </Button>
                  <Heading className="date-picker__month" />
                  <Button slot="next" className="date-picker__nav">
                    ›
                  </Button>
                </header>
                <CalendarGrid className="date-picker__grid">
                  {(date) => <CalendarCell date={date} className="date-picker__day" />}
                </CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
      </UNSAFE_PortalProvider>
    </I18nProvider>
  );
}

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="3" y="4.5" width="14" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
