import { fromPromise } from 'xstate';
import { accountDeletionMachine } from '../../../machines/account/accountDeletion.machine';
import { deleteAccount } from '../../api/account';
import type { AppEffects } from '../../app/effects';

export const accountDeletion = (effects: AppEffects) =>
  accountDeletionMachine.provide({
    actors: { deleteAccount: fromPromise(() => deleteAccount(effects.api)) },
    actions: {
      clearStores: effects.clearStores,
      rememberReturnUrl: effects.rememberPreviousPage,
      endSession: effects.endSession,
      goToLogin: effects.goToLogin,
    },
  });
