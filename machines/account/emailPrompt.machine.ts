/**
 * The e-mail request dialog (shell spec, section 4 rule 7; sections 5 and 8): a signed-in user
 * without an e-mail (an app-id account) gives one before a page that needs it, or cancels.
 * - Empty input is the `required` code (UI: "Please enter e-mail"), a malformed one the `email` code.
 * - A rejected save shows the server's e-mail errors joined into one message under the field;
 *   any other failure is the form-level GENERIC_ERROR (UI: "Couldn't check your e-mail, ...").
 * - Named actions: `updateUser({ user })` (session), `emailProvided` and `emailCancelled` (route guard).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toRequestError } from '../../src/domain/requestError';
import type { User } from '../../src/domain/user';
import { collectErrors, hasErrors, normalizeEmail, validateEmail } from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  type FormContext,
  formEditingTransitions,
  GENERIC_ERROR,
  type TextFormContext,
} from '../forms/formSupport';

export type EmailPromptField = 'email';

export type EmailPromptContext = TextFormContext<EmailPromptField>;

export type EmailPromptEvent =
  | FormChangeEvent<EmailPromptField>
  | { type: 'FORM.SUBMIT' }
  | { type: 'PROMPT.CANCEL' };

const validateEmailPrompt = (context: EmailPromptContext) =>
  collectErrors<EmailPromptField>({ email: validateEmail(context.email) });

/** The server's e-mail errors as one message (spec section 8), else the dialog's own failure text. */
function emailPromptFailure(error: unknown): FormContext<EmailPromptField> {
  const messages = toRequestError(error).fieldErrors.email ?? [];
  if (messages.length === 0) return { errors: {}, formError: GENERIC_ERROR };
  return { errors: { email: [{ code: 'server', message: messages.join(' ') }] }, formError: null };
}

export const emailPromptMachine = setup({
  types: {
    context: {} as EmailPromptContext,
    events: {} as EmailPromptEvent,
  },
  actors: {
    updateEmail: fromPromise<User, { email: string }>(unprovided),
  },
  actions: {
    updateUser: (_, _params: { user: User }) => {},
    emailProvided: () => {},
    emailCancelled: () => {},
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateEmailPrompt(context)),
  },
}).createMachine({
  id: 'emailPrompt',
  context: { email: '', errors: {}, formError: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...formEditingTransitions<EmailPromptContext, EmailPromptEvent>(validateEmailPrompt, 'submitting'),
        'PROMPT.CANCEL': 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'updateEmail',
        src: 'updateEmail',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'updateUser', params: ({ event }) => ({ user: event.output }) }, 'emailProvided'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => emailPromptFailure(event.error)),
        },
      },
    },
    succeeded: { type: 'final' },
    cancelled: { type: 'final', entry: 'emailCancelled' },
  },
});
