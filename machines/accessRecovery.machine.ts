/**
 * "Forgot your password?" (/reset): asks the server to mail a reset link. The server answers the
 * same whether or not the address exists, so `sent` shows the address the user typed.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type FieldErrors, normalizeEmail, validateEmail } from '../src/domain/validation';
import { applyFieldChange, type FormChangeEvent, formFailure } from './formSupport';

export type AccessRecoveryField = 'email';

export type AccessRecoveryContext = {
  email: string;
  errors: FieldErrors<AccessRecoveryField>;
  formError: string | null;
};

export type AccessRecoveryEvent =
  | FormChangeEvent<AccessRecoveryField>
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.RESET' };

const WIRE_FIELDS = { email: 'email' } as const satisfies Record<string, AccessRecoveryField>;

export const accessRecoveryMachine = setup({
  types: {
    context: {} as AccessRecoveryContext,
    events: {} as AccessRecoveryEvent,
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestPasswordReset actor must be provided');
    }),
  },
  guards: {
    isEmailValid: ({ context }) => validateEmail(context.email).length === 0,
  },
}).createMachine({
  id: 'accessRecovery',
  context: { email: '', errors: {}, formError: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'FORM.CHANGE': { actions: assign(({ context, event }) => applyFieldChange(context, event)) },
        'FORM.SUBMIT': [
          { guard: 'isEmailValid', target: 'sending', actions: assign({ errors: {}, formError: null }) },
          {
            actions: assign({
              errors: ({ context }) => ({ email: validateEmail(context.email) }),
              formError: null,
            }),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: {
          target: 'sent',
          actions: assign({ email: ({ context }) => normalizeEmail(context.email) }),
        },
        onError: { target: 'editing', actions: assign(({ event }) => formFailure(event.error, WIRE_FIELDS)) },
      },
    },
    sent: {
      on: { 'FORM.RESET': 'editing' },
    },
  },
});
