import { fromPromise } from 'xstate';
import { signupMachine } from '../../../machines/auth/signup.machine';
import { signupByEmail, validateSignupEmail } from '../../api/signup';
import type { AppEffects } from '../../app/effects';

export const signup = (effects: AppEffects) =>
  signupMachine.provide({
    actors: {
      validateSignupForm: fromPromise(({ input }) => validateSignupEmail(effects.api, input.email)),
      signup: fromPromise(({ input }) => signupByEmail(effects.api, input)),
    },
    actions: { signIn: effects.signIn, goToReturnUrl: effects.goAfterSignUp },
  });
