import { assign, type EventObject } from 'xstate';
import { HTTP_STATUS, isRequestError, toRequestError } from '../../src/domain/requestError';
import { type FieldErrors, fieldErrorsFromServer, hasErrors } from '../../src/domain/validation';

/**
 * Pieces every form machine shares: the change event, clearing a field's errors on change, and
 * turning a rejected request into field errors or one form-level message.
 */

/** Form-level marker for "no usable message from the server"; the UI shows its generic failure text. */
export const GENERIC_ERROR = 'generic';

/**
 * Form-level marker for a call that got no answer at all (offline, the server unreachable): the UI
 * says to check the connection, which the learner can do something about, unlike a server failure.
 */
export const NO_CONNECTION = 'noConnection';

/** Whether a form-level error is the server's own message rather than one of the markers above. */
export const isServerMessage = (formError: string): boolean =>
  formError !== GENERIC_ERROR && formError !== NO_CONNECTION;

export type FormChangeEvent<F extends string> = { type: 'FORM.CHANGE'; field: F; value: string };

/** `FORM.CHANGE` sets the field's value and clears that field's errors. */
export function applyFieldChange<F extends string, C extends { errors: FieldErrors<F> }>(
  context: C,
  change: FormChangeEvent<F>,
): Partial<C> {
  const errors: FieldErrors<F> = { ...context.errors };
  delete errors[change.field];
  return { [change.field]: change.value, errors } as Partial<C>;
}

/** The errors part every form machine's context has: per-field errors and one form-level message. */
export type FormContext<F extends string> = { errors: FieldErrors<F>; formError: string | null };

/** A form whose context is just its text fields and their errors (what useMachineForm binds). */
export type TextFormContext<F extends string> = Record<F, string> & FormContext<F>;

type FieldOf<C extends FormContext<string>> = keyof C['errors'] & string;
type FormSubmitEvent = { type: 'FORM.SUBMIT' };

/**
 * The `on` block of a form's `editing` state: FORM.CHANGE updates a field; FORM.SUBMIT goes to
 * `submitTarget` when the machine's `isFormValid` guard passes, otherwise shows `validate`'s errors.
 * Pass the machine's context and event types (`C`, `E`): XState checks actions against both exactly.
 */
export function formEditingTransitions<C extends FormContext<string>, E extends EventObject>(
  validate: (context: C) => C['errors'],
  submitTarget: string,
) {
  // Sound because C extends FormContext, but TypeScript cannot prove an object is a Partial of a generic C.
  const withErrors = (errors: C['errors']) => ({ errors, formError: null }) as Partial<C>;
  return {
    'FORM.CHANGE': {
      actions: assign<C, FormChangeEvent<FieldOf<C>>, undefined, E, never>(({ context, event }) =>
        applyFieldChange(context, event),
      ),
    },
    'FORM.SUBMIT': [
      {
        guard: 'isFormValid',
        target: submitTarget,
        actions: assign<C, FormSubmitEvent, undefined, E, never>(() => withErrors({})),
      },
      {
        actions: assign<C, FormSubmitEvent, undefined, E, never>(({ context }) =>
          withErrors(validate(context)),
        ),
      },
    ],
  } as const;
}

/**
 * A server answer with a message of its own (4xx: rate limit, registration closed, summary of field
 * errors) is shown as is, already translated; no answer at all is NO_CONNECTION, and a server failure
 * the generic text.
 */
export function formErrorFrom(error: unknown): string {
  const { status, message } = toRequestError(error);
  if (status >= 400 && status < 500 && message !== '') return message;
  // Only a request that got no answer: another throw (a browser API's, a bug) is no connection's fault.
  return isRequestError(error) && status === HTTP_STATUS.network ? NO_CONNECTION : GENERIC_ERROR;
}

/**
 * Field errors of the form's own `fields` go under those fields; errors of `formLevelFields` (for
 * example an expired reset `token`) and failures without field errors become the form-level message.
 */
export function formFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  formLevelFields: readonly string[] = [],
): FormContext<F> {
  const { fieldErrors } = toRequestError(error);
  const errors = fieldErrorsFromServer(fieldErrors, fields);
  const formLevel = formLevelFields.flatMap((name) => fieldErrors[name] ?? []);
  if (formLevel.length > 0) return { errors, formError: formLevel.join(' ') };
  return { errors, formError: hasErrors(errors) ? null : formErrorFrom(error) };
}
