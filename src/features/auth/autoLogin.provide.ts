import { fromPromise } from 'xstate';
import { autoLoginMachine } from '../../../machines/auth/autoLogin.machine';
import { fetchUser } from '../../api/user';
import type { AppEffects } from '../../app/effects';

export const autoLogin = (effects: AppEffects) =>
  autoLoginMachine.provide({
    actors: { fetchUser: fromPromise(({ input }) => fetchUser(effects.api, input.token)) },
    actions: {
      signIn: effects.signIn,
      goToReturnUrl: effects.goToReturnUrl,
      endSession: effects.endSession,
    },
  });
