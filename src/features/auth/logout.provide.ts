import { fromPromise } from 'xstate';
import { logoutMachine } from '../../../machines/auth/logout.machine';
import { logout as revokeSession } from '../../api/logout';
import type { AppEffects } from '../../app/effects';
import { removePushUserId } from '../../platform/push';

export const logout = (effects: AppEffects) =>
  logoutMachine.provide({
    actors: {
      flushStatistics: fromPromise(() => effects.statistics.flush()),
      revokeSession: fromPromise(() => revokeSession(effects.api)),
    },
    actions: {
      reportError: (_, { error }) => effects.reportError(error),
      clearStores: effects.clearStores,
      removePushUserId: () => removePushUserId(),
      rememberReturnUrl: effects.rememberPreviousPage,
      endSession: effects.endSession,
      goToLogin: effects.goToLogin,
    },
  });
