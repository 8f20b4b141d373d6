/**
 * The app rating prompt ("Enjoying {brand}?"; the content spec names it, docs/SUPPORT.md designs it):
 * on the home page, the server says whether it is due (the learner's third finished day; again 30
 * days after "Not now"; never after a rating or "Don't ask again"). The learner picks 1 to 5 stars
 * and may add a comment, or answers "Not now" or "Don't ask again"; the answer is stored on the
 * server, so another device does not ask again. A rating is thanked; the other answers close the
 * prompt at once. A failed check shows nothing (the prompt is never worth an error); a failed save
 * says so and keeps the prompt open to try again. A comment the server refuses (422 with
 * `errors.comment`, e.g. a pasted control character) gets the server's reason under the comment,
 * like any form's field; a refused rating or answer (the card never sends one) says its reason in
 * the card's notice instead of pointing at a field it does not have.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AppRatingAnswer, AppRatingState } from '../../src/domain/appRating';
import { unprovided } from '../common/unprovided';
import { applyFieldChange, type FormChangeEvent, type FormContext, formFailure } from '../forms/formSupport';

/** The card's one text field, bound like any form's (FORM.CHANGE, errors under the field). */
export const APP_RATING_FIELDS = ['comment'] as const;
type AppRatingField = (typeof APP_RATING_FIELDS)[number];
/** Server field errors with no field of their own in the card: their reasons go to the notice. */
const FORM_LEVEL_FIELDS = ['rating', 'answer'] as const;

export type AppRatingContext = FormContext<AppRatingField> & {
  rating: number | null;
  comment: string;
  /** The answer being saved, so a retry sends the same one. */
  answer: AppRatingAnswer | null;
};

export type AppRatingEvent =
  | { type: 'RATING.CHOOSE'; rating: number }
  | FormChangeEvent<AppRatingField>
  | { type: 'FORM.SUBMIT' }
  | { type: 'RATING.LATER' }
  | { type: 'RATING.NEVER' }
  | { type: 'RATING.CLOSE' };

export const appRatingMachine = setup({
  types: {
    context: {} as AppRatingContext,
    events: {} as AppRatingEvent,
  },
  actors: {
    checkAppRating: fromPromise<AppRatingState>(unprovided),
    saveAppRating: fromPromise<AppRatingState, AppRatingAnswer>(unprovided),
  },
  guards: {
    isDue: (_, params: { state: AppRatingState }) => params.state.due,
    hasRating: ({ context }) => context.rating !== null,
    wasRated: ({ context }) => context.answer?.answer === 'rated',
  },
}).createMachine({
  id: 'appRating',
  context: { rating: null, comment: '', answer: null, errors: {}, formError: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkAppRating',
        src: 'checkAppRating',
        onDone: [
          { guard: { type: 'isDue', params: ({ event }) => ({ state: event.output }) }, target: 'asking' },
          { target: 'closed' },
        ],
        onError: 'closed',
      },
    },
    asking: {
      on: {
        'RATING.CHOOSE': { actions: assign({ rating: ({ event }) => event.rating }) },
        'FORM.CHANGE': { actions: assign(({ context, event }) => applyFieldChange(context, event)) },
        'FORM.SUBMIT': {
          guard: 'hasRating',
          target: 'saving',
          actions: assign({
            answer: ({ context }) => ({
              answer: 'rated' as const,
              rating: context.rating ?? 0,
              comment: context.comment.trim() || null,
            }),
            errors: {},
          }),
        },
        'RATING.LATER': { target: 'saving', actions: assign({ answer: { answer: 'later' } }) },
        'RATING.NEVER': { target: 'saving', actions: assign({ answer: { answer: 'never' } }) },
      },
    },
    saving: {
      entry: assign({ formError: null }),
      invoke: {
        id: 'saveAppRating',
        src: 'saveAppRating',
        input: ({ context }) => context.answer ?? { answer: 'later' },
        onDone: [{ guard: 'wasRated', target: 'thanked' }, { target: 'closed' }],
        onError: {
          target: 'asking',
          actions: assign(({ event }) => formFailure(event.error, APP_RATING_FIELDS, FORM_LEVEL_FIELDS)),
        },
      },
    },
    thanked: {
      on: { 'RATING.CLOSE': 'closed' },
    },
    closed: { type: 'final' },
  },
});
