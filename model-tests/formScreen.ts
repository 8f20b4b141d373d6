import { expect } from 'vitest';
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { TextFormContext } from '../machines/forms/formSupport';
import { i18n } from '../src/app/i18n';
import type { FieldError } from '../src/domain/validation';
import { fieldErrorText } from '../src/ui/fieldErrorText';
import { PROFILE_FIELD_WORDING } from '../src/ui/profileFieldErrorTexts';
import { shownFormError } from './formErrorTexts';
import { button, fieldErrors, notice } from './screenQueries';
import type { ScreenBinding, Sight } from './screenRun';
import { click, typeInto, type UserAction } from './userActions';

/**
 * The binding of a screen built on `useMachineForm` (FORM.CHANGE, FORM.SUBMIT, `errors`,
 * `formError`): the user types into the labelled fields and presses the submit button; while the
 * form is on screen the notice shows the form error, each field its errors, and the submit button
 * is busy exactly while the machine works.
 */
type FormScreen = Omit<ScreenBinding, 'actions' | 'sees'> & {
  fields: Record<string, string>;
  submit: string;
  /** Where the machine is working (the submit button is busy there). */
  busyIn: StateValue;
  /** Where the form is on screen. */
  formIn: readonly StateValue[];
  /** The notice's text for the generic failure. */
  genericError?: string;
  submitBlockedWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /** A screen that words some field errors its own way. */
  errorText?: (error: FieldError) => string | undefined;
  /** Type without moving the focus (see `typeInto`). */
  keepFocus?: boolean;
  actions?: Readonly<Record<string, UserAction>>;
  sees?: readonly Sight[];
};

export function formScreen({
  fields,
  submit,
  busyIn,
  formIn,
  genericError = 'Something went wrong. Try again later',
  submitBlockedWhen,
  keepFocus = false,
  errorText = () => undefined,
  actions = {},
  sees = [],
  ...binding
}: FormScreen): ScreenBinding {
  // The texts the app words a field's errors with, in the active (English) catalog.
  const errorTexts = (errors: readonly FieldError[] = []) =>
    errors.map((error) => errorText(error) ?? fieldErrorText(i18n, error, PROFILE_FIELD_WORDING));
  const formSights = formIn.map(
    (state): Sight => ({
      state,
      see: (snapshot) => {
        const context = snapshot.context as TextFormContext<string>;
        expect(button(submit).getAttribute('aria-busy')).toBe(snapshot.matches(busyIn) ? 'true' : null);
        expect(notice()).toBe(shownFormError(context.formError, genericError));
        for (const [field, label] of Object.entries(fields)) {
          expect(fieldErrors(label)).toEqual(errorTexts(context.errors[field]));
        }
      },
    }),
  );
  return {
    ...binding,
    actions: {
      'FORM.CHANGE': typeInto(fields, { keepFocus }),
      'FORM.SUBMIT': click(submit, submitBlockedWhen ? { blockedWhen: submitBlockedWhen } : {}),
      ...actions,
    },
    sees: [...formSights, ...sees],
  };
}
