import { fromPromise } from 'xstate';
import { socialLoginMachine } from '../../../machines/auth/socialLogin.machine';
import { exchangeSocialCode } from '../../api/social';
import type { AppEffects } from '../../app/effects';

export const socialLogin = (effects: AppEffects) =>
  socialLoginMachine.provide({
    actors: {
      exchangeCode: fromPromise(({ input }) => exchangeSocialCode(effects.api, input.code)),
    },
    actions: {
      signIn: effects.signIn,
      goToReturnUrl: effects.goToReturnUrl,
      clearOutcome: () => effects.goTo('/', { replace: true }),
    },
  });
