/**
 * The course freeze dialog and the unfreeze confirmation (content spec, sections 2 and 4 "Freeze").
 * Freezing: the learner picks a start and an end date (start not before today, end after the start
 * and not after the stream's end), checked here first and then by the server, whose 422s show on
 * the same fields; its other refusals show as the dialog's message. Unfreezing: a confirmation,
 * then the freeze is canceled. Either ends with the changed stream as the machine's output;
 * cancelling ends with none, and says whether the stream shown may be out of date: a refusal (a
 * freeze planned meanwhile on another device, one no longer there to cancel) or a failed call
 * means the page should read the stream again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DateKey } from '../../src/domain/learning/calendarDates';
import { validateFreezeDates } from '../../src/domain/learning/freezeDates';
import type { FreezeRangeError, FreezeRangeErrors } from '../../src/domain/learning/freezeRange';
import type { CourseStream } from '../../src/domain/learning/stream';
import { toRequestError } from '../../src/domain/requestError';
import { unprovided } from '../common/unprovided';
import { formErrorFrom } from '../forms/formSupport';

export type FreezeField = 'startDate' | 'endDate';
export type FreezeFieldError = FreezeRangeError | { code: 'server'; message: string };
export type FreezeFieldErrors = Partial<Record<FreezeField, FreezeFieldError[]>>;

export type FreezeInput = {
  streamId: number;
  mode: 'freeze' | 'unfreeze';
  /** The learner's today and the stream's last day, as calendar days. */
  today: DateKey;
  streamEnd: DateKey | null;
};

export type FreezeContext = {
  streamId: number;
  mode: FreezeInput['mode'];
  today: DateKey;
  streamEnd: DateKey | null;
  startDate: DateKey;
  endDate: DateKey;
  errors: FreezeFieldErrors;
  /** The server's own message (already translated), or GENERIC_ERROR; null when none. */
  formError: string | null;
  stream: CourseStream | null;
  /** A freeze or an unfreeze failed: the stream the dialog was opened on may no longer be the server's. */
  failed: boolean;
};

/** The changed stream, or none; `stale` when none and a call failed (read the stream again). */
export type FreezeOutput = { stream: CourseStream; stale: false } | { stream: null; stale: boolean };

export type FreezeEvent =
  | { type: 'FREEZE.CHANGE'; field: FreezeField; value: string }
  | { type: 'FREEZE.SUBMIT' }
  | { type: 'FREEZE.CANCEL' }
  | { type: 'UNFREEZE.CONFIRM' };

const FIELDS: readonly FreezeField[] = ['startDate', 'endDate'];

function rangeErrors(context: FreezeContext): FreezeFieldErrors {
  const errors: FreezeRangeErrors = validateFreezeDates(context, context.today, context.streamEnd);
  return { ...(errors.start && { startDate: errors.start }), ...(errors.end && { endDate: errors.end }) };
}

/** The server's 422s on the date fields go under them; anything else is the dialog's message. */
function serverFailure(error: unknown): Pick<FreezeContext, 'errors' | 'formError'> {
  const { fieldErrors } = toRequestError(error);
  const errors: FreezeFieldErrors = {};
  for (const field of FIELDS) {
    const messages = fieldErrors[field] ?? [];
    if (messages.length > 0) errors[field] = messages.map((message) => ({ code: 'server', message }));
  }
  if (Object.keys(errors).length > 0) return { errors, formError: null };
  return { errors, formError: formErrorFrom(error) };
}

export const freezeMachine = setup({
  types: {
    context: {} as FreezeContext,
    events: {} as FreezeEvent,
    input: {} as FreezeInput,
    output: {} as FreezeOutput,
  },
  actors: {
    createFreeze: fromPromise<CourseStream, { streamId: number; startDate: DateKey; endDate: DateKey }>(
      unprovided,
    ),
    cancelFreeze: fromPromise<CourseStream, { streamId: number }>(unprovided),
  },
  guards: {
    isUnfreeze: ({ context }) => context.mode === 'unfreeze',
    isRangeValid: ({ context }) => Object.keys(rangeErrors(context)).length === 0,
  },
}).createMachine({
  id: 'freeze',
  context: ({ input }) => ({
    ...input,
    startDate: input.today,
    endDate: '',
    errors: {},
    formError: null,
    stream: null,
    failed: false,
  }),
  output: ({ context }): FreezeOutput =>
    context.stream ? { stream: context.stream, stale: false } : { stream: null, stale: context.failed },
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isUnfreeze', target: 'confirmingUnfreeze' }, { target: 'editing' }],
    },
    editing: {
      on: {
        'FREEZE.CHANGE': {
          actions: assign(({ context, event }) => {
            const errors = { ...context.errors };
            delete errors[event.field];
            return { [event.field]: event.value, errors, formError: null };
          }),
        },
        'FREEZE.SUBMIT': [
          { guard: 'isRangeValid', target: 'creating', actions: assign({ errors: {}, formError: null }) },
          { actions: assign({ errors: ({ context }) => rangeErrors(context), formError: null }) },
        ],
        'FREEZE.CANCEL': 'cancelled',
      },
    },
    creating: {
      invoke: {
        id: 'createFreeze',
        src: 'createFreeze',
        input: ({ context }) => ({
          streamId: context.streamId,
          startDate: context.startDate,
          endDate: context.endDate,
        }),
        onDone: { target: 'frozen', actions: assign({ stream: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ ...serverFailure(event.error), failed: true })),
        },
      },
    },
    confirmingUnfreeze: {
      on: { 'UNFREEZE.CONFIRM': 'unfreezing', 'FREEZE.CANCEL': 'cancelled' },
    },
    unfreezing: {
      invoke: {
        id: 'cancelFreeze',
        src: 'cancelFreeze',
        input: ({ context }) => ({ streamId: context.streamId }),
        onDone: { target: 'unfrozen', actions: assign({ stream: ({ event }) => event.output }) },
        onError: {
          target: 'confirmingUnfreeze',
          actions: assign({ formError: ({ event }) => formErrorFrom(event.error), failed: true }),
        },
      },
    },
    frozen: { type: 'final' },
    unfrozen: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
