import { fromPromise } from 'xstate';
import { languageChangeMachine } from '../../../machines/account/languageChange.machine';
import { updateProfile } from '../../api/account';
import type { AppEffects } from '../../app/effects';
import { switchLanguage } from '../../app/i18n';

export const languageChange = (effects: AppEffects) =>
  languageChangeMachine.provide({
    actors: {
      saveLanguage: fromPromise(({ input }) => updateProfile(effects.api, { languageCode: input.language })),
      switchLanguage: fromPromise(({ input }) => switchLanguage(input.language)),
    },
    actions: { updateUser: effects.updateUser },
  });
