/**
 * The profile page (/user/edit, shell spec section 2 "userEdit", section 3 "User", section 5): the
 * learner's counters (GET /user?expand=statistics) beside the whole profile form (name, surname,
 * phone, city, birthday, Instagram, time zone, gender), checked with the rules the forced profile
 * step uses, saved with POST /user. The two run side by side: a counters failure never blocks the
 * form, and a save never reloads the counters.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Gender, User, UserCounters } from '../../src/domain/user';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';
import {
  PROFILE_FIELDS,
  type ProfileFields,
  profileFieldsOf,
  trimmedFields,
  validateProfile,
} from './profileCompletion.machine';

export const PROFILE_EDIT_FIELDS = [...PROFILE_FIELDS, 'timezone', 'gender'] as const;
export type ProfileEditField = (typeof PROFILE_EDIT_FIELDS)[number];

/** What POST /user is sent: the text fields trimmed, the time zone, the gender or none. */
export type ProfileEditValues = ProfileFields & { timezone: string; gender: Gender | null };

export type ProfileEditContext = TextFormContext<ProfileEditField> & {
  counters: UserCounters | null;
  /** The last save attempt went through: the page says so until the next attempt. */
  saved: boolean;
};

export type ProfileEditEvent =
  | FormChangeEvent<ProfileEditField>
  | { type: 'FORM.SUBMIT' }
  | { type: 'COUNTERS.RETRY' };

const toGender = (value: string): Gender | null => (value === 'M' || value === 'F' ? value : null);

const valuesOf = (context: ProfileEditContext): ProfileEditValues => ({
  ...trimmedFields(context),
  timezone: context.timezone,
  gender: toGender(context.gender),
});

const editingTransitions = formEditingTransitions<ProfileEditContext, ProfileEditEvent>(
  validateProfile,
  'submitting',
);

export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
    input: {} as { user: User },
  },
  actors: {
    loadCounters: fromPromise<UserCounters>(unprovided),
    saveProfile: fromPromise<User, ProfileEditValues>(unprovided),
  },
  actions: {
    updateUser: (_, _params: { user: User }) => {},
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateProfile(context)).length === 0,
  },
}).createMachine({
  id: 'profileEdit',
  type: 'parallel',
  context: ({ input }) => ({
    ...profileFieldsOf(input.user),
    timezone: input.user.timezone,
    gender: input.user.gender ?? '',
    errors: {},
    formError: null,
    counters: null,
    saved: false,
  }),
  states: {
    counters: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCounters',
            src: 'loadCounters',
            onDone: { target: 'loaded', actions: assign({ counters: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'COUNTERS.RETRY': 'loading' } },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...editingTransitions,
            // Every attempt replaces what the last one said, also one the form's own rules stop.
            'FORM.SUBMIT': editingTransitions['FORM.SUBMIT'].map((transition) => ({
              ...transition,
              actions: [assign({ saved: false }), transition.actions],
            })),
          },
        },
        submitting: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => valuesOf(context),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
                // What the server kept (the phone without separators) is what the form shows.
                assign(({ event }) => ({
                  phone: event.output.phone,
                  saved: true,
                })),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => formFailure(event.error, PROFILE_EDIT_FIELDS)),
            },
          },
        },
      },
    },
  },
});
