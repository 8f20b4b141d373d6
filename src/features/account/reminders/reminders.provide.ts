import { fromPromise } from 'xstate';
import { remindersMachine } from '../../../../machines/account/reminders.machine';
import { fetchReminders } from '../../../api/schedule';
import type { AppEffects } from '../../../app/effects';
import { networkReturn } from '../../shell/networkReturn.provide';

export const reminders = (effects: AppEffects) =>
  remindersMachine.provide({
    actors: { loadReminders: fromPromise(() => fetchReminders(effects.api)), networkReturn },
  });
