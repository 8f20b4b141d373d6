/**
 * The guest contact form (shell spec, sections 5 and 8): name, e-mail and message (at most 500
 * characters) are required; the category comes from the page that opened the form.
 * Refinements of the shared contract (additive):
 * - Input `{ name?, email?, supportCategoryId? }` prefills the form.
 * - Field errors from the server go back to `editing` under their fields; other failures go to `failed`.
 * - In `failed`, FORM.SUBMIT sends the same question again; FORM.CHANGE returns to `editing`.
 * - `FORM.RESET` (any state) empties the message and errors but keeps name and e-mail for a next question.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  collectErrors,
  hasErrors,
  normalizeEmail,
  validateEmail,
  validateRequired,
  validateSupportMessage,
} from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  applyFieldChange,
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';

export const SUPPORT_FIELDS = ['name', 'email', 'message'] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];

export type SupportQuestion = {
  name: string;
  email: string;
  message: string;
  supportCategoryId: number | null;
};

export type SupportFormContext = TextFormContext<SupportField> & { supportCategoryId: number | null };

export type SupportFormEvent =
  | FormChangeEvent<SupportField>
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.RESET' };

export type SupportFormInput =
  | { name?: string; email?: string; supportCategoryId?: number | null }
  | undefined;

const validateQuestion = (context: SupportFormContext) =>
  collectErrors<SupportField>({
    name: validateRequired(context.name),
    email: validateEmail(context.email),
    message: validateSupportMessage(context.message),
  });

export const supportFormMachine = setup({
  types: {
    context: {} as SupportFormContext,
    events: {} as SupportFormEvent,
    input: {} as SupportFormInput,
  },
  actors: {
    sendSupportQuestion: fromPromise<void, SupportQuestion>(unprovided),
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateQuestion(context)),
    hasFieldErrors: (_, params: { error: unknown }) =>
      hasErrors(formFailure(params.error, SUPPORT_FIELDS).errors),
  },
}).createMachine({
  id: 'supportForm',
  context: ({ input }) => ({
    name: input?.name ?? '',
    email: input?.email ?? '',
    message: '',
    supportCategoryId: input?.supportCategoryId ?? null,
    errors: {},
    formError: null,
  }),
  initial: 'editing',
  on: {
    'FORM.RESET': { target: '.editing', actions: assign({ message: '', errors: {}, formError: null }) },
  },
  states: {
    editing: {
      on: formEditingTransitions<SupportFormContext, SupportFormEvent>(validateQuestion, 'sending'),
    },
    sending: {
      invoke: {
        id: 'sendSupportQuestion',
        src: 'sendSupportQuestion',
        input: ({ context }) => ({
          name: context.name.trim(),
          email: normalizeEmail(context.email),
          message: context.message.trim(),
          supportCategoryId: context.supportCategoryId,
        }),
        onDone: 'sent',
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign(({ event }) => formFailure(event.error, SUPPORT_FIELDS)),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              formError: formFailure(event.error, SUPPORT_FIELDS).formError,
            })),
          },
        ],
      },
    },
    failed: {
      on: {
        'FORM.SUBMIT': 'sending',
        // An edited question is checked again before it is sent.
        'FORM.CHANGE': {
          target: 'editing',
          actions: assign(({ context, event }) => applyFieldChange(context, event)),
        },
      },
    },
    sent: {},
  },
});
