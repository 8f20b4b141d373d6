import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../../machines/auth/passwordReset.machine';
import { resetPassword } from '../../api/passwordReset';
import type { AppEffects } from '../../app/effects';

export const passwordReset = (effects: AppEffects) =>
  passwordResetMachine.provide({
    actors: { resetPassword: fromPromise(({ input }) => resetPassword(effects.api, input)) },
    actions: { signIn: effects.signIn, goToHome: effects.goToHome },
  });
