import { fromPromise } from 'xstate';
import { reminderFormMachine } from '../../../../machines/account/reminderForm.machine';
import { fetchReminders, saveReminders } from '../../../api/schedule';
import type { AppEffects } from '../../../app/effects';
import { networkReturn } from '../../shell/networkReturn.provide';

export const reminderForm = (effects: AppEffects) =>
  reminderFormMachine.provide({
    actors: {
      loadReminders: fromPromise(() => fetchReminders(effects.api)),
      saveReminders: fromPromise(({ input }) => saveReminders(effects.api, input.reminders)),
      networkReturn,
    },
    actions: {
      goToList: () => effects.goTo('/user/settings/reminders', { replace: true }),
    },
  });
