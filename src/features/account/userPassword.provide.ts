import { fromPromise } from 'xstate';
import { userPasswordMachine } from '../../../machines/account/userPassword.machine';
import { updatePassword } from '../../api/account';
import type { AppEffects } from '../../app/effects';
import { ROUTE_PATHS } from '../../app/routeNames';
import { PASSWORD_CHANGED } from './settingsNotice';

export const userPassword = (effects: AppEffects) =>
  userPasswordMachine.provide({
    actors: { updatePassword: fromPromise(({ input }) => updatePassword(effects.api, input)) },
    actions: {
      signIn: effects.signIn,
      // Replace: going back should not reopen a form whose password is no longer the current one.
      returnToSettings: () =>
        effects.goTo(`${ROUTE_PATHS.userSettings}?changed=${PASSWORD_CHANGED}`, { replace: true }),
    },
  });
