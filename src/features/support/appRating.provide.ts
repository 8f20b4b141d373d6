import { fromPromise } from 'xstate';
import { appRatingMachine } from '../../../machines/support/appRating.machine';
import { fetchAppRating, saveAppRating } from '../../api/appRating';
import type { AppEffects } from '../../app/effects';
import type { AppRatingAnswer } from '../../domain/appRating';

export const appRating = (effects: AppEffects) =>
  appRatingMachine.provide({
    actors: {
      checkAppRating: fromPromise(() => fetchAppRating(effects.api)),
      saveAppRating: fromPromise(({ input }: { input: AppRatingAnswer }) =>
        saveAppRating(effects.api, input),
      ),
    },
  });
