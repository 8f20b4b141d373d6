import { fromPromise } from 'xstate';
import { profileEditMachine } from '../../../../machines/account/profileEdit.machine';
import { updateProfile } from '../../../api/account';
import { fetchCounters } from '../../../api/profile';
import type { AppEffects } from '../../../app/effects';

export const profileEdit = (effects: AppEffects) =>
  profileEditMachine.provide({
    actors: {
      loadCounters: fromPromise(() => fetchCounters(effects.api)),
      saveProfile: fromPromise(({ input }) => updateProfile(effects.api, input)),
    },
    actions: { updateUser: effects.updateUser },
  });
