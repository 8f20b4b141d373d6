/**
 * The language change on the settings page (content spec, section 5: "Selecting a language requires
 * it to be in the supported list. A language change dialog offers Yes and No; No cancels").
 * Choosing a language the brand supports opens the dialog; one it does not is refused and nothing
 * opens. Yes saves the choice in the profile (POST /user `language_code`), then the app switches its
 * texts; No (or Escape) closes the dialog and nothing changes. A failed save keeps the dialog open
 * with the reason, so Yes can be pressed again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Language } from '../../brands';
import type { User } from '../../src/domain/user';
import { unprovided } from '../common/unprovided';
import { formErrorFrom } from '../forms/formSupport';

export type LanguageChangeInput = {
  /** The interface's language now. */
  current: Language;
  /** The brand's supported languages. */
  supported: readonly Language[];
};

export type LanguageChangeContext = LanguageChangeInput & {
  /** The language the dialog asks about, while it is open. */
  chosen: Language | null;
  /** A language just refused as unsupported (shown until the next choice). */
  refused: string | null;
  /** The server's own message (already translated) or GENERIC_ERROR; null when none. */
  error: string | null;
};

export type LanguageChangeEvent =
  | { type: 'LANGUAGE.CHOOSE'; language: string }
  | { type: 'LANGUAGE.CONFIRM' }
  | { type: 'LANGUAGE.CANCEL' }
  /** The interface's language as the app has it now (the session's saved language arrives late). */
  | { type: 'LANGUAGE.IN_USE'; language: string };

const isLanguageOf = (supported: readonly Language[], language: string): language is Language =>
  (supported as readonly string[]).includes(language);

export const languageChangeMachine = setup({
  types: {
    context: {} as LanguageChangeContext,
    events: {} as LanguageChangeEvent,
    input: {} as LanguageChangeInput,
  },
  actors: {
    saveLanguage: fromPromise<User, { language: Language }>(unprovided),
    switchLanguage: fromPromise<void, { language: Language }>(unprovided),
  },
  actions: {
    updateUser: (_, _params: { user: User }) => {},
  },
  guards: {
    isSupported: ({ context, event }) =>
      event.type === 'LANGUAGE.CHOOSE' && isLanguageOf(context.supported, event.language),
    isCurrent: ({ context, event }) => event.type === 'LANGUAGE.CHOOSE' && event.language === context.current,
    isSupportedInUse: ({ context, event }) =>
      event.type === 'LANGUAGE.IN_USE' && isLanguageOf(context.supported, event.language),
  },
}).createMachine({
  id: 'languageChange',
  context: ({ input }) => ({ ...input, chosen: null, refused: null, error: null }),
  // The page may open before the signed-in learner's own language is applied (right after sign-in):
  // the language in use, and so the one pressed and the one that asks nothing, follows the app's.
  on: {
    'LANGUAGE.IN_USE': {
      guard: 'isSupportedInUse',
      actions: assign(({ event }) => ({ current: event.language as Language })),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'LANGUAGE.CHOOSE': [
          // Picking the language already in use asks nothing.
          { guard: 'isCurrent', actions: assign({ refused: null }) },
          {
            guard: 'isSupported',
            target: 'confirming',
            actions: assign(({ event }) => ({
              chosen: event.language as Language,
              refused: null,
              error: null,
            })),
          },
          { actions: assign(({ event }) => ({ refused: event.language })) },
        ],
      },
    },
    confirming: {
      on: {
        'LANGUAGE.CONFIRM': 'saving',
        'LANGUAGE.CANCEL': { target: 'idle', actions: assign({ chosen: null, error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.chosen ?? context.current }),
        onDone: {
          target: 'switching',
          actions: { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => formErrorFrom(event.error) }),
        },
      },
    },
    switching: {
      // The profile has the new language: the texts follow it. Loading the catalog can fail (no
      // network); the saved choice stays, and the next start picks it up from the stored language.
      invoke: {
        id: 'switchLanguage',
        src: 'switchLanguage',
        input: ({ context }) => ({ language: context.chosen ?? context.current }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({ current: context.chosen ?? context.current, chosen: null })),
        },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => formErrorFrom(event.error) }),
        },
      },
    },
  },
});
