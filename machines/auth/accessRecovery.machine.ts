/**
 * "Forgot your password?" (/reset): asks the server to mail a reset link. The server answers the
 * same whether or not the address exists, so `sent` shows the address the user typed. The field
 * starts from the address the learner had already typed where they came from (sign-in, a refused
 * reset link), so it need not be typed twice.
 */
import { assign, fromPromise, setup } from 'xstate';
import { collectErrors, hasErrors, normalizeEmail, validateEmail } from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';

export const ACCESS_RECOVERY_FIELDS = ['email'] as const;
export type AccessRecoveryField = (typeof ACCESS_RECOVERY_FIELDS)[number];

export type AccessRecoveryContext = TextFormContext<AccessRecoveryField>;

export type AccessRecoveryInput = { email: string };

export type AccessRecoveryEvent =
  | FormChangeEvent<AccessRecoveryField>
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.RESET' };

const validateAccessRecovery = (context: AccessRecoveryContext) =>
  collectErrors<AccessRecoveryField>({ email: validateEmail(context.email) });

export const accessRecoveryMachine = setup({
  types: {
    context: {} as AccessRecoveryContext,
    events: {} as AccessRecoveryEvent,
    input: {} as AccessRecoveryInput,
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(unprovided),
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateAccessRecovery(context)),
  },
}).createMachine({
  id: 'accessRecovery',
  context: ({ input }) => ({ email: input.email, errors: {}, formError: null }),
  initial: 'editing',
  states: {
    editing: {
      on: formEditingTransitions<AccessRecoveryContext, AccessRecoveryEvent>(
        validateAccessRecovery,
        'sending',
      ),
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
        onError: {
          target: 'editing',
          actions: assign(({ event }) => formFailure(event.error, ACCESS_RECOVERY_FIELDS)),
        },
      },
    },
    sent: {
      on: { 'FORM.RESET': 'editing' },
    },
  },
});
