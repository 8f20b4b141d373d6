import { fromPromise } from 'xstate';
import { profileCompletionMachine } from '../../../machines/account/profileCompletion.machine';
import { updateProfile } from '../../api/account';
import type { AppEffects } from '../../app/effects';

export const profileCompletion = (effects: AppEffects) =>
  profileCompletionMachine.provide({
    actors: { updateProfile: fromPromise(({ input }) => updateProfile(effects.api, input)) },
    actions: { updateUser: effects.updateUser, goToHome: effects.goToHome },
  });
