import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/auth/login.machine';
import { login as signInCall } from '../../api/auth';
import { fetchUser } from '../../api/user';
import type { AppEffects } from '../../app/effects';

export const login = (effects: AppEffects) =>
  loginMachine.provide({
    actors: {
      login: fromPromise(({ input }) => signInCall(effects.api, input)),
      fetchUser: fromPromise(({ input }) => fetchUser(effects.api, input.token)),
    },
    actions: { signIn: effects.signIn, goToReturnUrl: effects.goToReturnUrl },
  });
