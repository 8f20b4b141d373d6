import { fromPromise } from 'xstate';
import { pointsMachine } from '../../../../machines/account/points.machine';
import { fetchScoreAmount } from '../../../api/startLists';
import type { AppEffects } from '../../../app/effects';
import { networkReturn } from '../../shell/networkReturn.provide';

export const points = (effects: AppEffects) =>
  pointsMachine.provide({
    actors: { loadBalance: fromPromise(() => fetchScoreAmount(effects.api)), networkReturn },
  });
