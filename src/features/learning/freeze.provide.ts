import { fromPromise } from 'xstate';
import { freezeMachine } from '../../../machines/learning/freeze.machine';
import { cancelFreeze, createFreeze } from '../../api/streams';
import type { AppEffects } from '../../app/effects';

export const freeze = (effects: AppEffects) =>
  freezeMachine.provide({
    actors: {
      createFreeze: fromPromise(({ input }) =>
        createFreeze(effects.api, input.streamId, { startDate: input.startDate, endDate: input.endDate }),
      ),
      cancelFreeze: fromPromise(({ input }) => cancelFreeze(effects.api, input.streamId)),
    },
  });
