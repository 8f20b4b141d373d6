/**
 * Signed-in support (/support, /support/{categoryId}, /support/{categoryId}/{streamId}; content spec,
 * "Support category" and "Tech question"; shell spec, section 5): the topics and the learner's
 * courses load together; the learner chooses a topic, then a course or "not about a course", then
 * writes a message (at most 500 characters; sending needs one). A renewal topic about a course is one
 * tap instead ("Request renewal", no message). Success shows the message-sent alert; a failed send
 * shows the generic error and can be sent again; a failed load can be retried.
 * Refinements of the contract (additive):
 * - `SUPPORT.SELECT` sets the whole choice at once, so a repeated choice changes nothing and a new one
 *   starts its step afresh. The page's address shows the choice (`showChoice`): a learner's choice
 *   is a new history entry; a choice the address sent (`fromAddress`: browser navigation) is
 *   already shown.
 * - A choice the lists do not offer (a retired topic, another learner's stream) asks again, and the
 *   address is corrected in place (no history entry for a choice that never showed).
 * - Field errors from the server go under the message; other send failures go to `sendFailed`.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import {
  isRenewalChoice,
  offeredChoice,
  type SupportCategory,
  type SupportChoice,
  type SupportCourse,
  sameChoice,
} from '../../src/domain/support';
import { collectErrors, hasErrors, validateSupportMessage } from '../../src/domain/validation';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';
import {
  applyFieldChange,
  type FormChangeEvent,
  type FormContext,
  formEditingTransitions,
  formFailure,
} from '../forms/formSupport';

export const SUPPORT_MESSAGE_FIELDS = ['message'] as const;
type MessageField = (typeof SUPPORT_MESSAGE_FIELDS)[number];

export type SupportLists = { categories: SupportCategory[]; courses: SupportCourse[] };

export type SupportContext = SupportLists &
  FormContext<MessageField> & {
    /** The brand's renewal topics (renew course, renew consultation). */
    renewalCategoryIds: number[];
    choice: SupportChoice;
    message: string;
    loadError: RequestError | null;
  };

export type SupportEvent =
  | { type: 'SUPPORT.SELECT'; choice: SupportChoice; fromAddress?: boolean }
  | { type: 'SUPPORT.RETRY' }
  | { type: 'SUPPORT.RENEW' }
  | FormChangeEvent<MessageField>
  | { type: 'FORM.SUBMIT' }
  | NetworkReturnedEvent;

export type SupportInput = { renewalCategoryIds: number[]; choice: SupportChoice };

export type QuestionToSend = { categoryId: number; streamId: number | null; message: string };
export type RenewalToSend = { categoryId: number; streamId: number };

const validateMessage = (context: SupportContext) =>
  collectErrors<MessageField>({ message: validateSupportMessage(context.message) });

/** A new choice starts its step with an empty message. */
const freshStep = (choice: SupportChoice) => ({ choice, message: '', errors: {}, formError: null });

const streamOf = (choice: SupportChoice) => (typeof choice.course === 'number' ? choice.course : null);

/**
 * What the address must show after a choice was requested and `offered` kept of it: nothing when it
 * already shows it (the address sent it, and it was offered); in place of a choice that was not
 * offered; else as a new history entry (the learner chose in the page).
 */
function addressChange(requested: SupportChoice, offered: SupportChoice, fromAddress: boolean) {
  const corrected = !sameChoice(requested, offered);
  if (fromAddress && !corrected) return null;
  return { choice: offered, replace: corrected };
}

export const supportMachine = setup({
  types: {
    context: {} as SupportContext,
    events: {} as SupportEvent,
    input: {} as SupportInput,
  },
  actors: {
    loadSupport: fromPromise<SupportLists>(unprovided),
    sendQuestion: fromPromise<{ id: number }, QuestionToSend>(unprovided),
    requestRenewal: fromPromise<{ id: number }, RenewalToSend>(unprovided),
    networkReturn,
  },
  actions: {
    /** Puts `choice` in the page's address: replacing the entry, or as a new one. */
    showChoice: (_, _params: { choice: SupportChoice; replace: boolean }) => {},
  },
  guards: {
    isNewChoice: ({ context, event }) =>
      event.type === 'SUPPORT.SELECT' &&
      !sameChoice(context.choice, offeredChoice(event.choice, context.categories, context.courses)),
    hasNoTopic: ({ context }) => context.choice.categoryId === null,
    hasNoCourse: ({ context }) => context.choice.course === null,
    isRenewal: ({ context }) => isRenewalChoice(context.choice, context.renewalCategoryIds),
    isFormValid: ({ context }) => !hasErrors(validateMessage(context)),
    hasFieldErrors: (_, params: { error: unknown }) =>
      hasErrors(formFailure(params.error, SUPPORT_MESSAGE_FIELDS).errors),
  },
}).createMachine({
  id: 'support',
  context: ({ input }) => ({
    renewalCategoryIds: input.renewalCategoryIds,
    choice: input.choice,
    categories: [],
    courses: [],
    message: '',
    errors: {},
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSupport',
        src: 'loadSupport',
        onDone: {
          target: 'ready',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const offered = offeredChoice(context.choice, event.output.categories, event.output.courses);
            // The first choice came from the address.
            const change = addressChange(context.choice, offered, true);
            if (change) enqueue({ type: 'showChoice', params: change });
            enqueue.assign({ ...event.output, choice: offered, loadError: null });
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => toRequestError(event.error) }),
        },
      },
    },
    failed: loadFailedState('SUPPORT.RETRY', 'loading'),
    ready: {
      initial: 'step',
      on: {
        'SUPPORT.SELECT': {
          guard: 'isNewChoice',
          target: '.step',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const offered = offeredChoice(event.choice, context.categories, context.courses);
            const change = addressChange(event.choice, offered, event.fromAddress === true);
            if (change) enqueue({ type: 'showChoice', params: change });
            enqueue.assign(freshStep(offered));
          }),
        },
      },
      states: {
        /** Where the choice so far leads. */
        step: {
          always: [
            { guard: 'hasNoTopic', target: 'choosingTopic' },
            { guard: 'hasNoCourse', target: 'choosingCourse' },
            { guard: 'isRenewal', target: 'renewal' },
            { target: 'composing' },
          ],
        },
        choosingTopic: {},
        choosingCourse: {},
        composing: {
          on: formEditingTransitions<SupportContext, SupportEvent>(validateMessage, 'sending'),
        },
        sending: {
          invoke: {
            id: 'sendQuestion',
            src: 'sendQuestion',
            input: ({ context }) => ({
              categoryId: context.choice.categoryId ?? 0,
              streamId: streamOf(context.choice),
              message: context.message.trim(),
            }),
            onDone: 'sent',
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: 'composing',
                actions: assign(({ event }) => formFailure(event.error, SUPPORT_MESSAGE_FIELDS)),
              },
              {
                target: 'sendFailed',
                actions: assign(({ event }) => ({
                  formError: formFailure(event.error, SUPPORT_MESSAGE_FIELDS).formError,
                })),
              },
            ],
          },
        },
        sendFailed: {
          on: {
            'FORM.SUBMIT': 'sending',
            'FORM.CHANGE': {
              target: 'composing',
              actions: assign(({ context, event }) => applyFieldChange(context, event)),
            },
          },
        },
        renewal: {
          on: { 'SUPPORT.RENEW': 'renewing' },
        },
        renewing: {
          invoke: {
            id: 'requestRenewal',
            src: 'requestRenewal',
            input: ({ context }) => ({
              categoryId: context.choice.categoryId ?? 0,
              streamId: streamOf(context.choice) ?? 0,
            }),
            onDone: 'sent',
            onError: {
              target: 'renewalFailed',
              actions: assign(({ event }) => ({ formError: formFailure(event.error, []).formError })),
            },
          },
        },
        renewalFailed: {
          on: { 'SUPPORT.RENEW': 'renewing' },
        },
        sent: {},
      },
    },
  },
});
