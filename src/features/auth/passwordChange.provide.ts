import { fromPromise } from 'xstate';
import { passwordChangeMachine } from '../../../machines/auth/passwordChange.machine';
import { updatePassword } from '../../api/account';
import type { AppEffects } from '../../app/effects';

export const passwordChange = (effects: AppEffects) =>
  passwordChangeMachine.provide({
    actors: { updatePassword: fromPromise(({ input }) => updatePassword(effects.api, input)) },
    actions: { signIn: effects.signIn, goToHome: effects.goToHome },
  });
