/**
 * The forced profile completion (/updateProfile, shell spec, section 4 rule 3): first name, last name
 * and phone are required; city, birthday (DD.MM.YYYY) and Instagram are optional but checked.
 * Refinement of the shared contract (additive): `updateUser` takes params `{ user }`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { validateBirthday, validateInstagram, validatePhone } from '../../src/domain/profileValidation';
import type { User } from '../../src/domain/user';
import { collectErrors, hasErrors, validateRequired } from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';

export const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'city', 'birthday', 'instagramId'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type ProfileFields = Record<ProfileField, string>;

export type ProfileCompletionContext = TextFormContext<ProfileField>;

export type ProfileCompletionEvent = FormChangeEvent<ProfileField> | { type: 'FORM.SUBMIT' };

/** The profile's text rules; the profile page's full form checks the same fields the same way. */
export const validateProfile = (fields: ProfileFields) =>
  collectErrors<ProfileField>({
    firstName: validateRequired(fields.firstName),
    lastName: validateRequired(fields.lastName),
    phone: validatePhone(fields.phone),
    birthday: validateBirthday(fields.birthday),
    instagramId: validateInstagram(fields.instagramId),
  });

/** The profile's text fields as the user has them: where both profile forms start. */
export const profileFieldsOf = (user: User): ProfileFields => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  city: user.city,
  birthday: user.birthday,
  instagramId: user.instagramId,
});

export const trimmedFields = (context: ProfileFields): ProfileFields => ({
  firstName: context.firstName.trim(),
  lastName: context.lastName.trim(),
  phone: context.phone.trim(),
  city: context.city.trim(),
  birthday: context.birthday.trim(),
  instagramId: context.instagramId.trim(),
});

export const profileCompletionMachine = setup({
  types: {
    context: {} as ProfileCompletionContext,
    events: {} as ProfileCompletionEvent,
    input: {} as { user: User },
  },
  actors: {
    updateProfile: fromPromise<User, ProfileFields>(unprovided),
  },
  actions: {
    updateUser: (_, _params: { user: User }) => {},
    goToHome: () => {},
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateProfile(context)),
  },
}).createMachine({
  id: 'profileCompletion',
  context: ({ input }) => ({
    ...profileFieldsOf(input.user),
    errors: {},
    formError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: formEditingTransitions<ProfileCompletionContext, ProfileCompletionEvent>(
        validateProfile,
        'submitting',
      ),
    },
    submitting: {
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => trimmedFields(context),
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'updateUser', params: ({ event }) => ({ user: event.output }) }, 'goToHome'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => formFailure(event.error, PROFILE_FIELDS)),
        },
      },
    },
    succeeded: { type: 'final' },
  },
});
