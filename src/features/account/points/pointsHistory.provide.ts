import { fromPromise } from 'xstate';
import { pointsHistoryMachine } from '../../../../machines/account/pointsHistory.machine';
import { fetchPointsPage } from '../../../api/scores';
import type { AppEffects } from '../../../app/effects';
import { networkReturn } from '../../shell/networkReturn.provide';

export const pointsHistory = (effects: AppEffects) =>
  pointsHistoryMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: { page: number } }) =>
        fetchPointsPage(effects.api, input.page),
      ),
      networkReturn,
    },
  });
